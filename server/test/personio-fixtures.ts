import type { Language } from '../../common/languages';
import type { StandInPosition } from './personio-stand-in';
import { seededRandom } from './seeded-random';

/**
 * Invented positions for the Personio stand-in, as many as a test or the bench
 * needs: job ads of about 2 KB of HTML each, put together from phrase pools in
 * each language, so no two ads read the same (gzip meets a realistic mix, not
 * one text repeated). Some positions have no English or French version (the
 * site shows them in German there) and some have no salary. The same seed gives
 * the same positions.
 */

type Phrases = Record<Language, string>;

interface Role {
  department: string;
  title: Phrases;
  employmentType: string;
  schedule: string;
  salary: { min: number; max: number | null; type: 'yearly' | 'monthly' | 'hourly' } | null;
}

const roles: Role[] = [
  {
    department: 'Einkauf',
    title: { de: 'Einkäufer (m/w/d) {product}', en: 'Buyer – {product}', fr: 'Acheteur (H/F) – {product}' },
    employmentType: 'permanent',
    schedule: 'full-time',
    salary: { min: 52_000, max: 64_000, type: 'yearly' },
  },
  {
    department: 'Einkauf',
    title: {
      de: 'Werkstudent (m/w/d) Einkauf',
      en: 'Working Student, Purchasing',
      fr: 'Étudiant salarié (H/F) achats',
    },
    employmentType: 'working_student',
    schedule: 'part-time',
    salary: { min: 15, max: 17, type: 'hourly' },
  },
  {
    department: 'Logistik',
    title: { de: 'Disponent (m/w/d) Seefracht', en: 'Ocean Freight Dispatcher', fr: 'Affréteur maritime (H/F)' },
    employmentType: 'permanent',
    schedule: 'full-time',
    salary: { min: 44_000, max: 53_000, type: 'yearly' },
  },
  {
    department: 'Logistik',
    title: {
      de: 'Sachbearbeiter (m/w/d) Zollabwicklung',
      en: 'Customs Clearance Clerk',
      fr: 'Déclarant en douane (H/F)',
    },
    employmentType: 'permanent',
    schedule: 'full-or-part-time',
    salary: { min: 3_400, max: 4_100, type: 'monthly' },
  },
  {
    department: 'Logistik',
    title: {
      de: 'Fachkraft (m/w/d) für Lagerlogistik',
      en: 'Warehouse Logistics Specialist',
      fr: 'Logisticien d’entrepôt (H/F)',
    },
    employmentType: 'temporary',
    schedule: 'full-time',
    salary: null,
  },
  {
    department: 'Vertrieb',
    title: {
      de: 'Key Account Manager (m/w/d) Süßwarenindustrie',
      en: 'Key Account Manager, Confectionery Industry',
      fr: 'Responsable grands comptes (H/F) confiserie',
    },
    employmentType: 'permanent',
    schedule: 'full-time',
    salary: { min: 62_000, max: 78_000, type: 'yearly' },
  },
  {
    department: 'Vertrieb',
    title: { de: 'Vertriebsinnendienst (m/w/d)', en: 'Inside Sales Representative', fr: 'Commercial sédentaire (H/F)' },
    employmentType: 'permanent',
    schedule: 'full-or-part-time',
    salary: { min: 42_000, max: null, type: 'yearly' },
  },
  {
    department: 'Qualität',
    title: {
      de: 'Qualitätsmanager (m/w/d) Lebensmittelsicherheit',
      en: 'Quality Manager, Food Safety',
      fr: 'Responsable qualité (H/F) sécurité des aliments',
    },
    employmentType: 'permanent',
    schedule: 'full-time',
    salary: { min: 58_000, max: 70_000, type: 'yearly' },
  },
  {
    department: 'Qualität',
    title: {
      de: 'Laborant (m/w/d) Rohwarenprüfung',
      en: 'Laboratory Technician, Raw Material Testing',
      fr: 'Technicien de laboratoire (H/F) contrôle des matières premières',
    },
    employmentType: 'permanent',
    schedule: 'full-time',
    salary: null,
  },
  {
    department: 'Finanzen',
    title: { de: 'Finanzbuchhalter (m/w/d)', en: 'Financial Accountant', fr: 'Comptable (H/F)' },
    employmentType: 'permanent',
    schedule: 'full-or-part-time',
    salary: { min: 48_000, max: 58_000, type: 'yearly' },
  },
  {
    department: 'Finanzen',
    title: {
      de: 'Controller (m/w/d) Rohstoffhandel',
      en: 'Controller, Commodity Trading',
      fr: 'Contrôleur de gestion (H/F) négoce de matières premières',
    },
    employmentType: 'permanent',
    schedule: 'full-time',
    salary: { min: 60_000, max: 74_000, type: 'yearly' },
  },
  {
    department: 'Nachhaltigkeit',
    title: {
      de: 'Referent (m/w/d) Nachhaltigkeit und EUDR',
      en: 'Sustainability and EUDR Officer',
      fr: 'Chargé de développement durable et RDUE (H/F)',
    },
    employmentType: 'permanent',
    schedule: 'full-time',
    salary: { min: 54_000, max: 66_000, type: 'yearly' },
  },
  {
    department: 'IT',
    title: {
      de: 'Anwendungsbetreuer (m/w/d) ERP',
      en: 'ERP Application Specialist',
      fr: 'Chargé d’applications ERP (H/F)',
    },
    employmentType: 'freelance',
    schedule: 'part-time',
    salary: null,
  },
  {
    department: 'Personal',
    title: { de: 'Personalreferent (m/w/d)', en: 'HR Generalist', fr: 'Chargé des ressources humaines (H/F)' },
    employmentType: 'permanent',
    schedule: 'full-or-part-time',
    salary: { min: 50_000, max: 60_000, type: 'yearly' },
  },
  {
    department: 'Ausbildung',
    title: {
      de: 'Ausbildung zum Kaufmann (m/w/d) für Groß- und Außenhandelsmanagement',
      en: 'Apprenticeship in Wholesale and Foreign Trade Management',
      fr: 'Apprentissage (H/F) commerce de gros et international',
    },
    employmentType: 'trainee',
    schedule: 'full-time',
    salary: { min: 1_150, max: 1_350, type: 'monthly' },
  },
  {
    department: 'Vertrieb',
    title: {
      de: 'Praktikum (m/w/d) im Vertrieb',
      en: 'Internship in Sales',
      fr: 'Stage (H/F) au service commercial',
    },
    employmentType: 'intern',
    schedule: 'full-time',
    salary: { min: 1_800, max: null, type: 'monthly' },
  },
];

const offices = ['Berlin', 'Hamburg', 'Bremen', 'Antwerpen', 'Abidjan'];

const products: Phrases[] = [
  { de: 'Kakaobohnen', en: 'cocoa beans', fr: 'fèves de cacao' },
  { de: 'Kakaobutter', en: 'cocoa butter', fr: 'beurre de cacao' },
  { de: 'Cashewkerne', en: 'cashew kernels', fr: 'noix de cajou' },
  { de: 'Sheabutter', en: 'shea butter', fr: 'beurre de karité' },
  { de: 'Rohkaffee', en: 'green coffee', fr: 'café vert' },
  { de: 'Sesam', en: 'sesame', fr: 'sésame' },
];

/** Where a region is named after "in" and after "from", in each language's own way. */
const regions: { in: Phrases; from: Phrases }[] = [
  {
    in: { de: 'in Côte d’Ivoire', en: 'in Côte d’Ivoire', fr: 'en Côte d’Ivoire' },
    from: { de: 'aus Côte d’Ivoire', en: 'from Côte d’Ivoire', fr: 'de Côte d’Ivoire' },
  },
  {
    in: { de: 'in Ghana', en: 'in Ghana', fr: 'au Ghana' },
    from: { de: 'aus Ghana', en: 'from Ghana', fr: 'du Ghana' },
  },
  {
    in: { de: 'in Nigeria', en: 'in Nigeria', fr: 'au Nigeria' },
    from: { de: 'aus Nigeria', en: 'from Nigeria', fr: 'du Nigeria' },
  },
  {
    in: { de: 'in Kamerun', en: 'in Cameroon', fr: 'au Cameroun' },
    from: { de: 'aus Kamerun', en: 'from Cameroon', fr: 'du Cameroun' },
  },
  {
    in: { de: 'in Togo', en: 'in Togo', fr: 'au Togo' },
    from: { de: 'aus Togo', en: 'from Togo', fr: 'du Togo' },
  },
];

const sectionNames: Record<'intro' | 'tasks' | 'profile' | 'offer', Phrases> = {
  intro: { de: 'Über die Stelle', en: 'About the role', fr: 'Le poste' },
  tasks: { de: 'Ihre Aufgaben', en: 'Your responsibilities', fr: 'Vos missions' },
  profile: { de: 'Ihr Profil', en: 'Your profile', fr: 'Votre profil' },
  offer: { de: 'Was wir bieten', en: 'What we offer', fr: 'Ce que nous offrons' },
};

const intros: Phrases[] = [
  {
    de: 'Seit über zwanzig Jahren bringen wir {product} {fromRegion} zu Verarbeitern in ganz Europa. Für unser Team in {office} suchen wir zum nächstmöglichen Zeitpunkt Verstärkung als <strong>{title}</strong>.',
    en: 'For more than twenty years we have been bringing {product} {fromRegion} to processors across Europe. Our team in {office} is looking for a <strong>{title}</strong> to join as soon as possible.',
    fr: 'Depuis plus de vingt ans, notre négoce de {product} relie les producteurs {fromRegion} aux transformateurs de toute l’Europe. Notre équipe de {office} recherche dès que possible un <strong>{title}</strong>.',
  },
  {
    de: 'Unsere Abteilung {department} in {office} wächst mit dem Geschäft in {product}. Als <strong>{title}</strong> arbeiten Sie eng mit Kolleginnen und Kollegen {inRegion} und in unseren europäischen Häfen zusammen.',
    en: 'Our {department} team in {office} is growing with our {product} business. As <strong>{title}</strong>, you will work closely with colleagues {inRegion} and at our European ports.',
    fr: 'Notre service {department} à {office} grandit avec notre négoce de {product}. En tant que <strong>{title}</strong>, vous travaillez en étroite collaboration avec nos collègues {inRegion} et dans nos ports européens.',
  },
  {
    de: 'Wir handeln fair und nachvollziehbar: Jede Partie {product} ist bis zur Kooperative {inRegion} rückverfolgbar. Damit das so bleibt, suchen wir in {office} eine Person als <em>{title}</em>, die Sorgfalt und Tempo verbindet.',
    en: 'We trade fairly and transparently: every lot of {product} can be traced back to its cooperative {inRegion}. To keep it that way, we are looking for a <em>{title}</em> in {office} who combines care with pace.',
    fr: 'Nous commerçons de façon équitable et transparente : chaque lot de {product} est traçable jusqu’à sa coopérative {inRegion}. Pour que cela dure, nous recherchons à {office} un <em>{title}</em> alliant rigueur et réactivité.',
  },
  {
    de: 'Die Stelle ist neu geschaffen: Mit den Vorgaben der EU-Entwaldungsverordnung und wachsenden Mengen an {product} {fromRegion} braucht unser Standort {office} eine weitere Person als <strong>{title}</strong>.',
    en: 'This is a new position: with the requirements of the EU Deforestation Regulation and growing volumes of {product} {fromRegion}, our {office} office needs another <strong>{title}</strong>.',
    fr: 'Le poste est nouvellement créé : avec les exigences du règlement européen sur la déforestation et des volumes croissants de {product} {fromRegion}, notre site de {office} a besoin d’un <strong>{title}</strong> supplémentaire.',
  },
];

const tasks: Phrases[] = [
  {
    de: 'Sie planen die Verschiffung von {product} von der Verladung bis zur Ankunft im Lager.',
    en: 'You plan the shipment of {product} from loading to arrival at the warehouse.',
    fr: 'Vous planifiez l’expédition de {product} du chargement jusqu’à l’arrivée en entrepôt.',
  },
  {
    de: 'Sie stimmen Mengen, Qualitäten und Termine mit unseren Partnern {inRegion} ab.',
    en: 'You agree volumes, grades and dates with our partners {inRegion}.',
    fr: 'Vous convenez des volumes, des qualités et des délais avec nos partenaires {inRegion}.',
  },
  {
    de: 'Sie prüfen Kontrakte, Akkreditive und Frachtpapiere auf Vollständigkeit.',
    en: 'You check contracts, letters of credit and shipping documents for completeness.',
    fr: 'Vous vérifiez l’exhaustivité des contrats, des crédits documentaires et des documents de transport.',
  },
  {
    de: 'Sie pflegen Stammdaten und Bewegungen in unserem ERP-System.',
    en: 'You maintain master data and transactions in our ERP system.',
    fr: 'Vous tenez à jour les données de base et les mouvements dans notre ERP.',
  },
  {
    de: 'Sie erstellen Auswertungen zu Kosten, Laufzeiten und Qualitätsabweichungen.',
    en: 'You prepare reports on costs, transit times and quality deviations.',
    fr: 'Vous établissez des analyses des coûts, des délais et des écarts de qualité.',
  },
  {
    de: 'Sie sind Ansprechperson für Reedereien, Spediteure und Lagerhalter in {office}.',
    en: 'You are the contact for shipping lines, forwarders and warehouse keepers in {office}.',
    fr: 'Vous êtes l’interlocuteur des armateurs, transitaires et entrepositaires à {office}.',
  },
  {
    de: 'Sie begleiten Audits und dokumentieren die Sorgfaltspflichten nach EUDR.',
    en: 'You support audits and document due diligence under the EUDR.',
    fr: 'Vous accompagnez les audits et documentez la diligence raisonnée au titre du RDUE.',
  },
  {
    de: 'Sie bereiten Muster für das Labor vor und verfolgen die Ergebnisse nach.',
    en: 'You prepare samples for the laboratory and follow up on the results.',
    fr: 'Vous préparez les échantillons pour le laboratoire et suivez les résultats.',
  },
  {
    de: 'Sie klären Reklamationen mit Kunden sachlich und lösungsorientiert.',
    en: 'You settle complaints with customers calmly and with a view to solutions.',
    fr: 'Vous traitez les réclamations des clients avec calme et dans un esprit de solution.',
  },
  {
    de: 'Sie beobachten Terminmärkte und Wechselkurse und informieren das Team über Bewegungen.',
    en: 'You follow futures markets and exchange rates and keep the team informed of movements.',
    fr: 'Vous suivez les marchés à terme et les taux de change et informez l’équipe de leurs évolutions.',
  },
  {
    de: 'Sie wirken an der Einführung neuer Abläufe mit und schulen Kolleginnen und Kollegen.',
    en: 'You help introduce new processes and train colleagues in them.',
    fr: 'Vous participez à la mise en place de nouveaux processus et formez vos collègues.',
  },
  {
    de: 'Sie erstellen Zollanmeldungen und achten auf Präferenznachweise.',
    en: 'You prepare customs declarations and look after proofs of preferential origin.',
    fr: 'Vous établissez les déclarations en douane et veillez aux preuves d’origine préférentielle.',
  },
  {
    de: 'Sie besuchen gelegentlich Lieferanten und Lagerhäuser {inRegion}.',
    en: 'You occasionally visit suppliers and warehouses {inRegion}.',
    fr: 'Vous rendez ponctuellement visite à nos fournisseurs et entrepôts {inRegion}.',
  },
  {
    de: 'Sie bereiten Monats- und Quartalsabschlüsse für Ihren Bereich vor.',
    en: 'You prepare the monthly and quarterly closing for your area.',
    fr: 'Vous préparez les clôtures mensuelles et trimestrielles de votre périmètre.',
  },
];

const profile: Phrases[] = [
  {
    de: 'Eine abgeschlossene kaufmännische Ausbildung oder ein Studium mit Bezug zu Handel oder Logistik.',
    en: 'A completed commercial apprenticeship or a degree related to trade or logistics.',
    fr: 'Une formation commerciale ou un diplôme en lien avec le commerce ou la logistique.',
  },
  {
    de: 'Mindestens {years} Jahre Berufserfahrung, gern im Rohstoff- oder Lebensmittelhandel.',
    en: 'At least {years} years of experience, ideally in commodity or food trading.',
    fr: 'Au moins {years} ans d’expérience, idéalement dans le négoce de matières premières ou de denrées alimentaires.',
  },
  {
    de: 'Sehr gute Deutsch- und Englischkenntnisse; Französisch ist ein Plus.',
    en: 'Very good German and English; French is a plus.',
    fr: 'Une très bonne maîtrise de l’allemand et de l’anglais ; le français est un atout.',
  },
  {
    de: 'Sicherer Umgang mit Excel und einem ERP-System, idealerweise Microsoft Dynamics.',
    en: 'Confidence with Excel and an ERP system, ideally Microsoft Dynamics.',
    fr: 'Une bonne pratique d’Excel et d’un ERP, idéalement Microsoft Dynamics.',
  },
  {
    de: 'Eine strukturierte, genaue Arbeitsweise, auch wenn mehrere Schiffe gleichzeitig ankommen.',
    en: 'A structured, accurate way of working, even when several vessels arrive at once.',
    fr: 'Une méthode de travail structurée et précise, même lorsque plusieurs navires arrivent en même temps.',
  },
  {
    de: 'Freude am Austausch mit Menschen aus anderen Kulturen und Zeitzonen.',
    en: 'Enjoyment of working with people from other cultures and time zones.',
    fr: 'Le goût des échanges avec des personnes d’autres cultures et fuseaux horaires.',
  },
  {
    de: 'Kenntnisse im Zoll- und Außenwirtschaftsrecht oder die Bereitschaft, sie zu erwerben.',
    en: 'Knowledge of customs and foreign trade law, or the willingness to acquire it.',
    fr: 'Des connaissances en droit douanier et du commerce extérieur, ou la volonté de les acquérir.',
  },
  {
    de: 'Verständnis für Qualitätsmerkmale von {product} oder anderen Agrarrohstoffen.',
    en: 'An understanding of the quality characteristics of {product} or other agricultural commodities.',
    fr: 'Une bonne compréhension des critères de qualité de {product} ou d’autres matières premières agricoles.',
  },
  {
    de: 'Verhandlungsgeschick und ein sicheres Auftreten am Telefon wie vor Ort.',
    en: 'Negotiating skills and a confident manner, on the phone and in person.',
    fr: 'Un sens de la négociation et de l’aisance, au téléphone comme sur le terrain.',
  },
  {
    de: 'Reisebereitschaft von etwa zwei Wochen im Jahr.',
    en: 'Willingness to travel about two weeks a year.',
    fr: 'Une disponibilité pour voyager environ deux semaines par an.',
  },
  {
    de: 'Einen Führerschein der Klasse B und Erfahrung mit Flurförderzeugen.',
    en: 'A driving licence (class B) and experience with forklift trucks.',
    fr: 'Un permis B et une expérience de la conduite de chariots élévateurs.',
  },
];

const offer: Phrases[] = [
  {
    de: '30 Tage Urlaub sowie frei am 24. und 31. Dezember.',
    en: '30 days of holiday, plus 24 and 31 December off.',
    fr: '30 jours de congés, ainsi que les 24 et 31 décembre.',
  },
  {
    de: 'Bis zu zwei Tage in der Woche mobiles Arbeiten nach Absprache.',
    en: 'Up to two days a week working remotely, by arrangement.',
    fr: 'Jusqu’à deux jours de télétravail par semaine, en accord avec l’équipe.',
  },
  {
    de: 'Einen Zuschuss zum Deutschlandticket oder ein Dienstrad.',
    en: 'A contribution to your public transport pass or a company bike.',
    fr: 'Une participation à votre abonnement de transport ou un vélo de fonction.',
  },
  {
    de: 'Eine strukturierte Einarbeitung mit einer festen Ansprechperson.',
    en: 'A structured induction with a named colleague to turn to.',
    fr: 'Une intégration structurée avec un référent attitré.',
  },
  {
    de: 'Weiterbildung in Zollrecht, Sprachen und Warenkunde auf unsere Kosten.',
    en: 'Training in customs law, languages and commodity knowledge at our expense.',
    fr: 'Des formations en droit douanier, en langues et en connaissance des produits, à nos frais.',
  },
  {
    de: 'Eine betriebliche Altersvorsorge mit 20 % Arbeitgeberzuschuss.',
    en: 'A company pension with a 20 % employer contribution.',
    fr: 'Une retraite d’entreprise avec une contribution patronale de 20 %.',
  },
  {
    de: 'Flache Hierarchien und kurze Wege zur Geschäftsführung.',
    en: 'Flat hierarchies and direct access to management.',
    fr: 'Une organisation à taille humaine et un accès direct à la direction.',
  },
  {
    de: 'Die Möglichkeit, unsere Partner {inRegion} persönlich kennenzulernen.',
    en: 'The chance to meet our partners {inRegion} in person.',
    fr: 'La possibilité de rencontrer personnellement nos partenaires {inRegion}.',
  },
  {
    de: 'Ein modernes Büro in {office} mit Kaffee aus unserem eigenen Handel.',
    en: 'A modern office in {office} with coffee from our own trade.',
    fr: 'Des bureaux modernes à {office}, avec un café issu de notre propre négoce.',
  },
];

const closings: Phrases[] = [
  {
    de: 'Mehr über uns erfahren Sie auf <a href="https://www.westbridge.example/about">unserer Website</a>.',
    en: 'Find out more about us on <a href="https://www.westbridge.example/en/about">our website</a>.',
    fr: 'Découvrez-nous sur <a href="https://www.westbridge.example/fr/about">notre site</a>.',
  },
  {
    de: 'Wir freuen uns auf Ihre Bewerbung mit Angabe Ihres frühestmöglichen Eintrittstermins.',
    en: 'We look forward to your application; please tell us the earliest date you could start.',
    fr: 'Nous attendons votre candidature ; merci d’indiquer votre date de disponibilité.',
  },
  {
    de: 'Fragen zur Stelle beantwortet Ihnen unser Personalteam gern vorab.',
    en: 'Our HR team will be glad to answer questions about the role in advance.',
    fr: 'Notre équipe RH répond volontiers à vos questions sur le poste.',
  },
];

export interface FixtureOptions {
  seed?: number;
  /** The share of positions with an English version (the rest are shown in German there); 0.8 by default. */
  english?: number;
  /** The same for French; 0.7 by default. */
  french?: number;
}

/** `count` positions with ids `70001`, `70002`, …, the first always in all three languages. */
export function fixturePositions(
  count: number,
  { seed = 26, english = 0.8, french = 0.7 }: FixtureOptions = {},
): StandInPosition[] {
  const next = seededRandom(seed);
  const one = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const some = <T>(items: readonly T[], min: number, max: number): T[] => {
    const shuffled = [...items].sort(() => next() - 0.5);
    return shuffled.slice(0, min + Math.floor(next() * (max - min + 1)));
  };
  return Array.from({ length: count }, (_, index) => {
    const role = one(roles);
    const product = one(products);
    const region = one(regions);
    const office = one(offices);
    const years = String(2 + Math.floor(next() * 4));
    const parts = {
      intro: one(intros),
      tasks: some(tasks, 5, 7),
      profile: some(profile, 4, 6),
      offer: some(offer, 4, 6),
      closing: one(closings),
    };
    const languages: Language[] = [
      'de',
      ...(index === 0 || next() < english ? (['en'] as const) : []),
      ...(index === 0 || next() < french ? (['fr'] as const) : []),
    ];
    const texts = Object.fromEntries(
      languages.map((lng) => {
        const fill = (text: string) =>
          text
            .replaceAll('{product}', product[lng])
            .replaceAll('{inRegion}', region.in[lng])
            .replaceAll('{fromRegion}', region.from[lng])
            .replaceAll('{office}', office)
            .replaceAll('{department}', role.department)
            .replaceAll('{years}', years)
            .replaceAll('{title}', role.title[lng].replace('{product}', product[lng]));
        const list = (items: Phrases[]) => `<ul>${items.map((item) => `<li>${fill(item[lng])}</li>`).join('')}</ul>`;
        return [
          lng,
          {
            name: fill(role.title[lng]),
            sections: [
              { name: sectionNames.intro[lng], value: `<p>${fill(parts.intro[lng])}</p>` },
              { name: sectionNames.tasks[lng], value: list(parts.tasks) },
              { name: sectionNames.profile[lng], value: list(parts.profile) },
              { name: sectionNames.offer[lng], value: `${list(parts.offer)}<p>${fill(parts.closing[lng])}</p>` },
            ],
          },
        ];
      }),
    );
    const day = 1 + Math.floor(next() * 28);
    return {
      id: String(70_001 + index),
      department: role.department,
      office,
      ...(next() < 0.15 ? { additionalOffices: [one(offices.filter((other) => other !== office))] } : {}),
      schedule: role.schedule,
      employmentType: role.employmentType,
      createdAt: `2026-10-${String(day).padStart(2, '0')}T09:00:00+02:00`,
      ...(role.salary
        ? {
            salary: {
              min: String(role.salary.min),
              max: role.salary.max === null ? '' : String(role.salary.max),
              currencyCode: 'EUR',
              type: role.salary.type,
            },
          }
        : {}),
      texts,
    } satisfies StandInPosition;
  });
}
