import { company } from '../../../common/company';
import { employment } from '../../../common/employment';
import type { JobTexts } from './jobs';

const location = `${company.city}, Deutschland`;

// docs/product.md#jobs: the benefits every position offers.
const sharedBenefits = [
  `${employment.leaveDays} Tage bezahlter Urlaub im Jahr bei einer Fünftagewoche, dazu ${employment.developmentDays} zusätzliche Tage für Ihre persönliche Weiterentwicklung`,
  `Mobiles Arbeiten bis zu ${employment.mobileWorkPercent}\u00a0% Ihrer Arbeitszeit`,
  'Ein internationales Team mit kurzen Entscheidungswegen',
];

const jobs: JobTexts = {
  'job-001': {
    title: 'Business Strategist (m/w/d)',
    summary:
      'Sie entwickeln Markteintritts- und Lieferkettenstrategien für Kunden zwischen Westafrika und Europa – von der ersten Analyse bis zur Umsetzung.',
    location,
    description:
      'Unsere Unternehmensberatung begleitet europäische Abnehmer, westafrikanische Erzeuger und deutsche Exporteure dabei, neue Märkte zu erschließen und ihre Lieferketten belastbar, effizient und regelkonform aufzustellen. In dieser Rolle verbinden Sie fundierte Analysen mit der Praxiserfahrung aus unserem eigenen Import- und Exportgeschäft und führen Beratungsprojekte eigenverantwortlich zum Erfolg.',
    keyResponsibilities: [
      'Sie analysieren Märkte, Wettbewerber und Lieferketten und leiten daraus tragfähige Strategien für Markteintritt und Wachstum ab.',
      'Sie erarbeiten Business Cases sowie Beschaffungs- und Preisstrategien und stellen Ihre Empfehlungen der Geschäftsführung unserer Kunden vor.',
      'Sie leiten Beratungsprojekte vom Angebot bis zum Abschluss und steuern Zeitplan, Budget und Projektteam.',
      'Sie moderieren Workshops mit Kunden und Partnern in Deutschland und Westafrika.',
      'Sie unterstützen Kunden dabei, die Anforderungen des Lieferkettensorgfaltspflichtengesetzes und der EU-Entwaldungsverordnung in ihren Abläufen umzusetzen.',
    ],
    supportingResponsibilities: [
      'Sie wirken an Angeboten und Ausschreibungen mit.',
      'Sie erweitern unser Wissen über Agrarrohstoffe und Exportmärkte, etwa mit Marktberichten und Fallstudien.',
      'Sie vertreten uns auf Fachmessen und Branchenveranstaltungen.',
    ],
    requirements: [
      'Abgeschlossenes Studium der Wirtschaftswissenschaften, des Wirtschaftsingenieurwesens oder eines vergleichbaren Fachs',
      'Mindestens drei Jahre Berufserfahrung in der Strategieberatung, im internationalen Handel oder im Supply-Chain-Management',
      'Ausgeprägtes analytisches Denken und die Fähigkeit, komplexe Sachverhalte klar und überzeugend darzustellen',
      'Verhandlungssichere Deutsch- und Englischkenntnisse; Französischkenntnisse sind ein großes Plus',
      'Reisebereitschaft, auch für mehrtägige Aufenthalte in Westafrika',
    ],
    benefits: [
      ...sharedBenefits,
      'Projekte mit echtem Gestaltungsspielraum entlang der gesamten Lieferkette – vom Erzeuger bis zum Abnehmer',
    ],
  },
  'job-002': {
    title: 'HR-Manager (m/w/d)',
    summary: `Sie verantworten die Personalarbeit unseres wachsenden internationalen Teams in ${company.city} – vom Recruiting bis zur Entwicklung unserer Mitarbeitenden.`,
    location,
    description: `Unser Team in ${company.city} wächst – und mit ihm die Aufgaben in Recruiting, Personalbetreuung und Personalentwicklung. In dieser Position sind Sie die erste Ansprechperson für Geschäftsführung, Führungskräfte und Mitarbeitende in allen Personalfragen und gestalten eine Personalarbeit, die zu einem international tätigen Handels- und Dienstleistungsunternehmen passt.`,
    keyResponsibilities: [
      'Sie steuern den gesamten Recruiting-Prozess – von der Stellenausschreibung über die Auswahlgespräche bis zur Vertragsunterzeichnung.',
      'Sie planen die Einarbeitung neuer Kolleginnen und Kollegen und begleiten sie durch die ersten Monate.',
      'Sie erstellen Arbeitsverträge, Zeugnisse und Bescheinigungen und führen die Personalakten.',
      'Sie bereiten die monatliche Entgeltabrechnung vor und arbeiten dabei eng mit unserem externen Lohnbüro zusammen.',
      'Sie beraten Führungskräfte in arbeitsrechtlichen Fragen und entwickeln Richtlinien, Prozesse und Weiterbildungsangebote weiter.',
    ],
    supportingResponsibilities: [],
    requirements: [
      'Abgeschlossenes Studium mit Schwerpunkt Personal oder eine kaufmännische Ausbildung mit Weiterbildung zum Personalfachkaufmann (m/w/d)',
      'Mindestens drei Jahre Berufserfahrung im Personalwesen, idealerweise in einem international tätigen Unternehmen',
      'Fundierte Kenntnisse im Arbeits- und Sozialversicherungsrecht',
      'Sehr gute Deutsch- und Englischkenntnisse in Wort und Schrift',
      'Diskretion, Einfühlungsvermögen und eine strukturierte, selbstständige Arbeitsweise',
    ],
    benefits: [
      ...sharedBenefits,
      'Die Chance, die Personalarbeit eines wachsenden Unternehmens maßgeblich mitzugestalten',
    ],
  },
  'job-003': {
    title: 'IT-Manager (m/w/d)',
    summary:
      'Sie betreiben und entwickeln unsere IT-Landschaft weiter und bringen Ihre Erfahrung in IT-Projekte für unsere Kunden ein.',
    location,
    description: `Ob Handelsabwicklung, Logistik oder Kundenprojekte – bei uns läuft nichts ohne eine verlässliche IT. In dieser Position verantworten Sie Infrastruktur, Anwendungen und Informationssicherheit an unserem Standort in ${company.city} und für unsere mobil arbeitenden Teams. Zugleich unterstützen Sie unseren Geschäftsbereich IT-Dienstleistungen mit Ihrer Erfahrung bei Infrastruktur- und Cloud-Projekten.`,
    keyResponsibilities: [
      'Sie betreiben und modernisieren unsere IT-Infrastruktur: Netzwerk, Server, Cloud-Dienste und Arbeitsplätze.',
      'Sie verantworten die Informationssicherheit – von Berechtigungen und Datensicherung bis zur Notfallplanung.',
      'Sie betreuen unsere Geschäftsanwendungen für Einkauf, Logistik und Buchhaltung und treiben ihre Weiterentwicklung voran.',
      'Sie steuern externe Dienstleister und Lieferanten und verantworten das IT-Budget.',
    ],
    supportingResponsibilities: [
      'Sie unterstützen Kundenprojekte zu Infrastrukturaufbau, Cloud-Lösungen und Cybersicherheit.',
      'Sie beraten unser Exportteam fachlich zu Computersystemen und Software für Kunden in Westafrika.',
      'Sie schulen Kolleginnen und Kollegen im sicheren Umgang mit unseren IT-Systemen.',
    ],
    requirements: [
      'Abgeschlossenes Informatikstudium oder eine Ausbildung zum Fachinformatiker (m/w/d) mit entsprechender Berufserfahrung',
      'Mindestens vier Jahre Erfahrung in der Systemadministration oder IT-Leitung',
      'Sicherer Umgang mit Microsoft 365, Windows- und Linux-Servern sowie Netzwerktechnik',
      'Kenntnisse in der Informationssicherheit, etwa nach ISO 27001 oder BSI IT-Grundschutz',
      'Sehr gute Deutsch- und Englischkenntnisse',
    ],
    benefits: [...sharedBenefits, 'Viel Gestaltungsspielraum beim Ausbau unserer IT-Landschaft'],
  },
};

export default jobs;
