// Small helpers for building DOM without innerHTML. Only sanitized markdown is ever parsed
// as HTML; everything else (model ids, titles, error texts) goes in as text.

interface ElementOptions {
  className?: string;
  text?: string;
  attrs?: Record<string, string>;
}

export function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  options: ElementOptions = {},
  ...children: Node[]
): HTMLElementTagNameMap[K] {
  const element = doc.createElement(tag);
  if (options.className !== undefined) {
    element.className = options.className;
  }
  for (const [name, value] of Object.entries(options.attrs ?? {})) {
    element.setAttribute(name, value);
  }
  if (options.text !== undefined) {
    element.textContent = options.text;
  }
  element.append(...children);
  return element;
}

/** A codicon, hidden from screen readers (its button carries the label). */
export function icon(doc: Document, name: string): HTMLSpanElement {
  return el(doc, 'span', { className: `codicon codicon-${name}`, attrs: { 'aria-hidden': 'true' } });
}

/** An icon-only button: the label goes to aria-label and the tooltip. */
export function iconButton(doc: Document, iconName: string, label: string, options: ElementOptions = {}): HTMLButtonElement {
  const button = el(doc, 'button', options, icon(doc, iconName));
  button.type = 'button';
  button.setAttribute('aria-label', label);
  button.title = label;
  return button;
}

/**
 * True for a click the user meant as activation: the primary button (or a keyboard press on a
 * button, which the browser reports as button 0). Right and middle clicks never run an action.
 */
export function isPrimaryClick(event: MouseEvent): boolean {
  return event.button === 0;
}

/** Runs `handler` on primary clicks of `element` only (see isPrimaryClick). */
export function onActivate(element: HTMLElement, handler: (event: MouseEvent) => void): void {
  element.addEventListener('click', (event) => {
    if (isPrimaryClick(event)) {
      handler(event);
    }
  });
}
