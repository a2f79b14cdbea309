import { company } from '../../../common/company';
import { employment } from '../../../common/employment';
import type { JobTexts } from './jobs';

const location = `${company.city}, Allemagne`;

// docs/product.md#jobs : les avantages communs à tous les postes.
const sharedBenefits = [
  `${employment.leaveDays} jours de congés payés par an sur la base d’une semaine de cinq jours, plus ${employment.developmentDays} jours supplémentaires consacrés à votre développement personnel`,
  `Télétravail jusqu’à ${employment.mobileWorkPercent}\u00a0% de votre temps de travail`,
  'Une équipe internationale et des circuits de décision courts',
];

const jobs: JobTexts = {
  'job-001': {
    title: 'Consultant en stratégie (H/F/D)',
    summary:
      'Vous élaborez les stratégies de marché et d’approvisionnement de clients qui commercent entre l’Afrique de l’Ouest et l’Europe, de l’analyse à la mise en œuvre.',
    location,
    description:
      'Notre activité de conseil accompagne des acheteurs européens, des producteurs d’Afrique de l’Ouest et des exportateurs allemands dans la conquête de nouveaux marchés et dans la mise en place de chaînes d’approvisionnement solides, efficaces et conformes. Dans ce poste, vous alliez la rigueur de l’analyse à l’expérience concrète de notre propre activité d’import-export, et vous menez vos missions de conseil en toute autonomie.',
    keyResponsibilities: [
      'Vous analysez les marchés, la concurrence et les chaînes d’approvisionnement, et en tirez des stratégies solides d’entrée sur le marché et de croissance.',
      'Vous construisez des business plans ainsi que des stratégies d’achat et de prix, et présentez vos recommandations aux dirigeants de nos clients.',
      'Vous pilotez les missions de conseil, de la proposition commerciale à la clôture, en maîtrisant le calendrier, le budget et l’équipe projet.',
      'Vous animez des ateliers avec nos clients et partenaires en Allemagne et en Afrique de l’Ouest.',
      'Vous aidez nos clients à intégrer dans leurs processus les exigences de la loi allemande sur le devoir de vigilance dans les chaînes d’approvisionnement et du règlement européen contre la déforestation.',
    ],
    supportingResponsibilities: [
      'Vous participez à la rédaction des propositions commerciales et des réponses aux appels d’offres.',
      'Vous enrichissez notre connaissance des matières premières agricoles et des marchés d’exportation, par exemple au moyen d’études de marché et d’études de cas.',
      'Vous nous représentez lors de salons professionnels et d’événements du secteur.',
    ],
    requirements: [
      'Diplôme de l’enseignement supérieur en économie, en gestion, en génie industriel ou dans une discipline comparable',
      'Au moins trois ans d’expérience en conseil en stratégie, dans le commerce international ou en gestion de la chaîne d’approvisionnement',
      'Solides capacités d’analyse et aptitude à présenter des sujets complexes de manière claire et convaincante',
      'Maîtrise professionnelle de l’allemand et de l’anglais\u202f; la connaissance du français est un atout majeur',
      'Disponibilité pour des déplacements, y compris des séjours de plusieurs jours en Afrique de l’Ouest',
    ],
    benefits: [
      ...sharedBenefits,
      'Des missions offrant une réelle marge de manœuvre tout au long de la chaîne d’approvisionnement, du producteur à l’acheteur',
    ],
  },
  'job-002': {
    title: 'Responsable RH (H/F/D)',
    summary: `Vous gérez les ressources humaines de notre équipe internationale en pleine croissance à ${company.city}, du recrutement au développement de nos collaborateurs.`,
    location,
    description: `Notre équipe de ${company.city} s’agrandit, et avec elle les besoins en recrutement, en gestion du personnel et en développement des compétences. En tant que responsable RH, vous êtes l’interlocuteur privilégié de la direction, des managers et des collaborateurs pour toutes les questions RH, et vous construisez une politique des ressources humaines adaptée à une entreprise de négoce et de services tournée vers l’international.`,
    keyResponsibilities: [
      'Vous pilotez l’ensemble du processus de recrutement, de la rédaction des offres d’emploi aux entretiens, jusqu’à la signature du contrat.',
      'Vous organisez l’intégration des nouveaux collaborateurs et les accompagnez pendant leurs premiers mois.',
      'Vous rédigez les contrats de travail, certificats de travail et attestations, et tenez à jour les dossiers du personnel.',
      'Vous préparez la paie mensuelle en étroite collaboration avec notre prestataire de paie externe.',
      'Vous conseillez les managers en droit du travail et faites évoluer nos politiques, nos processus et notre offre de formation.',
    ],
    supportingResponsibilities: [],
    requirements: [
      'Diplôme de l’enseignement supérieur avec une spécialisation en ressources humaines, ou formation commerciale complétée par une qualification RH',
      'Au moins trois ans d’expérience en ressources humaines, idéalement au sein d’une entreprise internationale',
      'Solide connaissance du droit du travail et du droit de la sécurité sociale allemands',
      'Excellente maîtrise de l’allemand et de l’anglais, à l’écrit comme à l’oral',
      'Discrétion, sens de l’écoute et méthode de travail structurée et autonome',
    ],
    benefits: [...sharedBenefits, 'La possibilité de façonner la politique RH d’une entreprise en pleine croissance'],
  },
  'job-003': {
    title: 'Responsable informatique (H/F/D)',
    summary:
      'Vous exploitez et faites évoluer notre système d’information, et mettez votre expérience au service des projets informatiques de nos clients.',
    location,
    description: `Négoce, logistique ou projets clients\u00a0: chez nous, rien ne fonctionne sans une informatique fiable. En tant que responsable informatique, vous êtes en charge de l’infrastructure, des applications et de la sécurité de l’information sur notre site de ${company.city} et pour nos équipes en télétravail. Vous soutenez également notre activité de services informatiques grâce à votre expérience des projets d’infrastructure et de cloud.`,
    keyResponsibilities: [
      'Vous exploitez et modernisez notre infrastructure informatique\u00a0: réseau, serveurs, services cloud et postes de travail.',
      'Vous êtes responsable de la sécurité de l’information, de la gestion des droits d’accès et des sauvegardes jusqu’au plan de continuité d’activité.',
      'Vous assurez le suivi de nos applications métier pour les achats, la logistique et la comptabilité, et pilotez leur évolution.',
      'Vous encadrez les prestataires et fournisseurs externes et gérez le budget informatique.',
    ],
    supportingResponsibilities: [
      'Vous accompagnez des projets clients de mise en place d’infrastructure, de solutions cloud et de cybersécurité.',
      'Vous conseillez notre équipe export sur les systèmes informatiques et les logiciels destinés à nos clients d’Afrique de l’Ouest.',
      'Vous formez vos collègues à l’utilisation sécurisée de nos systèmes informatiques.',
    ],
    requirements: [
      'Diplôme de l’enseignement supérieur en informatique, ou formation professionnelle en informatique assortie d’une expérience professionnelle équivalente',
      'Au moins quatre ans d’expérience en administration systèmes ou en direction informatique',
      'Bonne maîtrise de Microsoft 365, des serveurs Windows et Linux et des réseaux',
      'Connaissances en sécurité de l’information, par exemple ISO 27001 ou le référentiel IT-Grundschutz du BSI',
      'Excellente maîtrise de l’allemand et de l’anglais',
    ],
    benefits: [...sharedBenefits, 'Une grande latitude pour faire évoluer notre système d’information'],
  },
};

export default jobs;
