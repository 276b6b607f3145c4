// Settings room: the sample persona's settings (SEED=demo), what an empty database starts with when
// the seed fills it, so `npm start` shows a whole site. The owner replaces them in /admin/settings;
// "Remove sample content" resets the fields still holding these values (./sample-content.ts), so
// they live here rather than in src/seed, which is above the features.
import { BLANK_SETTINGS, type Settings } from '#src/contract/owner/settings'

export const SAMPLE_SETTINGS: Settings = {
  ...BLANK_SETTINGS,
  siteName: 'Rowan Castillo',
  tagline: 'Software, GPUs and FPGAs: from the gate to the browser.',
  heroTitle: 'I build fast systems, from FPGA fabric to the web.',
  heroSubtitle: 'Engineer working across CUDA kernels, VHDL pipelines and full-stack TypeScript.',
  about:
    'Engineer working across CUDA kernels, VHDL pipelines and full-stack TypeScript.\n\n' +
    'Browse the [projects](/projects) for write-ups, demos and the numbers behind them, or read the [blog](/blog) for notes from the work. ' +
    'Questions or ideas are welcome through the [contact form](/contact).',
  seoDescription: 'Projects, writing and skills of an engineer working in software, GPUs and FPGAs.',
  links: { ...BLANK_SETTINGS.links, github: 'https://github.com/rowancastillo', linkedin: 'https://www.linkedin.com/in/rowancastillo' },
  intros: {
    projects: 'Selected work and experiments.',
    blog: 'Notes on software, GPUs and FPGAs.',
    skills: 'Tools and techniques, with the projects that use them.',
  },
  // Spec section 2's quick links.
  quickTags: ['MERN', 'Solidity', 'FPGA', 'VHDL', 'Arduino', 'React', 'Node', 'Mongo'],
  accent: '#7cb7ff',
}
