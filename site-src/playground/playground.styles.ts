import { css } from 'lit';

/** The playground's layout, in the site theme's colours (its custom properties cross the shadow root). */
export const playgroundStyles = css`
  :host {
    display: block;
    font-size: 14px;
  }
  h3 {
    font-size: 16px;
    margin: 20px 0 8px;
  }
  h4 {
    font-size: 14px;
    margin: 16px 0 6px;
  }
  .status {
    padding: 8px 12px;
    border-radius: 8px;
    background: var(--vp-c-bg-soft);
  }
  .layout {
    display: grid;
    grid-template-columns: minmax(0, 22rem) minmax(0, 1fr);
    gap: 24px;
    align-items: start;
  }
  @media (max-width: 60rem) {
    .layout {
      grid-template-columns: minmax(0, 1fr);
    }
  }
  .controls {
    max-height: 80vh;
    overflow: auto;
    padding-right: 8px;
  }
  label {
    display: block;
    font-weight: 600;
    margin-top: 8px;
  }
  .check label {
    display: inline;
  }
  input[type='text'],
  input[type='number'],
  select {
    width: 100%;
    box-sizing: border-box;
    padding: 4px 6px;
    border: 1px solid var(--vp-c-border);
    border-radius: 4px;
    background: var(--vp-c-bg);
    color: var(--vp-c-text-1);
    font: inherit;
  }
  .description {
    margin: 2px 0 0;
    color: var(--vp-c-text-2);
    font-size: 12px;
  }
  button,
  .actions a {
    font: inherit;
    padding: 4px 10px;
    margin: 4px 4px 0 0;
    border: 1px solid var(--vp-c-border);
    border-radius: 6px;
    background: var(--vp-c-bg-soft);
    color: var(--vp-c-text-1);
    cursor: pointer;
  }
  .actions a {
    display: inline-block;
    color: var(--vp-c-brand-1);
  }
  button.primary {
    background: var(--vp-c-brand-1);
    color: var(--vp-c-bg);
    border-color: transparent;
  }
  button[aria-pressed='true'] {
    border-color: var(--vp-c-brand-1);
    color: var(--vp-c-brand-1);
  }
  .preview {
    display: grid;
    gap: 16px;
  }
  .stage {
    padding: 24px;
    border: 1px solid var(--vp-c-border);
    border-radius: 8px;
    color-scheme: light;
    background: #ffffff;
    color: #1f2328;
  }
  .stage.dark {
    color-scheme: dark;
    background: #1b1b1f;
    color: #e6edf3;
  }
  .stage.painted-dark {
    color-scheme: normal;
    background: #121212;
    color: #e6edf3;
  }
  .phone iframe {
    display: block;
    width: 360px;
    max-width: 100%;
    height: 640px;
    border: 10px solid var(--vp-c-text-1);
    border-radius: 24px;
    background: #ffffff;
  }
  .phone a {
    color: var(--vp-c-brand-1);
  }
  .log {
    max-height: 22rem;
    overflow: auto;
    margin: 0;
    padding: 8px;
    border: 1px solid var(--vp-c-border);
    border-radius: 8px;
    font-family: var(--vp-font-family-mono);
    font-size: 12px;
  }
  .log ol {
    margin: 0;
    padding-left: 2rem;
  }
  .log li {
    overflow-wrap: anywhere;
  }
  .log .source {
    color: var(--vp-c-text-2);
  }
  .log [data-source='DOM event'] code {
    color: var(--vp-c-brand-1);
    font-weight: 600;
  }
  .code {
    overflow: auto;
    padding: 12px;
    border-radius: 8px;
    background: var(--vp-code-block-bg);
    color: var(--vp-code-block-color, var(--vp-c-text-1));
    font-family: var(--vp-font-family-mono);
    font-size: 13px;
  }
  .tabs .copy {
    float: right;
  }
`;
