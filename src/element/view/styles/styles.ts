import { css } from 'lit';
import { controls } from './controls.js';
import { layout } from './layout.js';
import { motion } from './motion.js';
import { palette } from './palette.js';
import { progress } from './progress.js';
import { status } from './status.js';

/** Heard, not seen: the live region that says what changed (controllers/announcer.ts). */
const heardOnly = css`
  .sr {
    position: absolute;
    top: 0;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;

/** The element's styles, by job. */
export const styles = [palette, layout, controls, status, progress, motion, heardOnly];
