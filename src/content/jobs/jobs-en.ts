import { company } from '../../../common/company';
import { employment } from '../../../common/employment';
import type { JobTexts } from './jobs';

const location = `${company.city}, Germany`;

// docs/product.md#jobs: the benefits every position offers.
const sharedBenefits = [
  `${employment.leaveDays} days of paid leave a year on a five-day week, plus ${employment.developmentDays} extra days for your personal development`,
  `Mobile working for up to ${employment.mobileWorkPercent}% of your working time`,
  'An international team with short decision paths',
];

const jobs: JobTexts = {
  'job-001': {
    title: 'Business Strategist',
    summary:
      'Develop market-entry and supply-chain strategies for clients trading between West Africa and Europe – from the first analysis through to implementation.',
    location,
    description:
      'Our management consultancy helps European buyers, West African producers and German exporters to enter new markets and to build supply chains that are resilient, efficient and compliant. As a Business Strategist, you combine rigorous analysis with the hands-on experience of our own import and export business, and you take ownership of consulting projects from start to finish.',
    keyResponsibilities: [
      'Analyse markets, competitors and supply chains, and turn your findings into sound strategies for market entry and growth.',
      "Build business cases as well as sourcing and pricing strategies, and present your recommendations to our clients' senior management.",
      'Lead consulting projects from proposal to completion, managing the schedule, budget and project team.',
      'Facilitate workshops with clients and partners in Germany and West Africa.',
      'Help clients bring their processes in line with the German Supply Chain Due Diligence Act and the EU Deforestation Regulation.',
    ],
    supportingResponsibilities: [
      'Contribute to proposals and tenders.',
      'Expand our knowledge of agricultural commodities and export markets, for example through market reports and case studies.',
      'Represent us at trade fairs and industry events.',
    ],
    requirements: [
      'A degree in business, economics, industrial engineering or a related field',
      "At least three years' experience in strategy consulting, international trade or supply chain management",
      'Strong analytical skills and the ability to present complex matters clearly and persuasively',
      'Business-fluent German and English; French is a significant advantage',
      'Willingness to travel, including trips of several days to West Africa',
    ],
    benefits: [...sharedBenefits, 'Projects with real scope to shape the entire supply chain – from producer to buyer'],
  },
  'job-002': {
    title: 'HR Manager',
    summary: `Take charge of all HR matters for our growing international team in ${company.city} – from attracting new talent to developing our people.`,
    location,
    description: `Our ${company.city} team is growing, and so is the work in recruitment, employee relations and people development. As HR Manager, you are the first point of contact for the managing director, team leaders and employees on every HR question, and you shape people practices that suit an international trading and services company.`,
    keyResponsibilities: [
      'Run the entire recruitment process – from job advertisements and interviews to signed contracts.',
      'Plan the onboarding of new colleagues and support them through their first months.',
      'Draw up employment contracts, references and certificates, and maintain personnel files.',
      'Prepare the monthly payroll in close cooperation with our external payroll provider.',
      'Advise managers on employment law and develop our policies, processes and training programmes.',
    ],
    supportingResponsibilities: [],
    requirements: [
      'A degree with a focus on human resources, or a commercial apprenticeship followed by a professional HR qualification',
      "At least three years' experience in human resources, ideally with an international company",
      'Sound knowledge of German employment and social security law',
      'Excellent written and spoken German and English',
      'Discretion, empathy and a structured, independent way of working',
    ],
    benefits: [...sharedBenefits, 'The opportunity to shape people management in a growing company'],
  },
  'job-003': {
    title: 'IT Manager',
    summary: 'Run and develop our IT landscape, and bring your experience to IT projects for our clients.',
    location,
    description: `Whether it is trade processing, logistics or client projects, nothing works here without reliable IT. As IT Manager, you are responsible for infrastructure, applications and information security at our ${company.city} office and for colleagues working remotely. You also support our IT services business with your experience in infrastructure and cloud projects.`,
    keyResponsibilities: [
      'Operate and modernise our IT infrastructure: network, servers, cloud services and workstations.',
      'Own information security – from access rights and backups to disaster recovery planning.',
      'Look after our business applications for purchasing, logistics and accounting, and drive their further development.',
      'Manage external service providers and suppliers, and take responsibility for the IT budget.',
    ],
    supportingResponsibilities: [
      'Support client projects in infrastructure setup, cloud solutions and cybersecurity.',
      'Advise our export team on computer systems and software for clients in West Africa.',
      'Train colleagues in the secure use of our IT systems.',
    ],
    requirements: [
      'A degree in computer science, or vocational IT training with equivalent professional experience',
      "At least four years' experience in system administration or IT management",
      'Confident with Microsoft 365, Windows and Linux servers, and networking',
      'Knowledge of information security, for example ISO 27001 or the BSI IT-Grundschutz standards',
      'Excellent German and English',
    ],
    benefits: [...sharedBenefits, 'Plenty of scope to shape the expansion of our IT landscape'],
  },
};

export default jobs;
