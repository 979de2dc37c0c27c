/** Where `npm run pictures` (scripts/pictures.ts) keeps the states' pictures, and the section of docs/element.md that shows them. */
export const PICTURES = 'docs/pictures';

/** The marks around the section, which the script rewrites whole. */
export const PICTURES_SECTION = { start: '<!-- pictures: written by npm run pictures -->', end: '<!-- /pictures -->' };

/** The section's text: each state's name, then its picture. */
export const picturesSection = (states: string[]) =>
  `${PICTURES_SECTION.start}\n\n${states.map((state) => `**${state}**\n\n![${state}](pictures/${state}.png)\n\n`).join('')}${PICTURES_SECTION.end}`;
