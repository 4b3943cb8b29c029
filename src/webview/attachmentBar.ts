// The chips above the prompt: the project instructions the workspace offers (a toggle the user turns
// on) and the files attached to the next message (name, estimated tokens, remove). The host owns the
// list; this only shows it and reports the user's clicks.
import type { AttachmentChip, InstructionsOffer } from '../shared/protocol';
import { el, icon, iconButton, onActivate } from './dom';
import { t } from './strings';

export interface AttachmentBarCallbacks {
  remove(id: string): void;
  setInstructions(on: boolean): void;
}

/** "~1,234 tokens": the figure is the shared estimate, and says so. */
export function tokenLabel(tokens: number): string {
  return t('tokensEstimate', tokens.toLocaleString('en-US'));
}

export class AttachmentBar {
  readonly element: HTMLElement;
  private chips: AttachmentChip[] = [];

  constructor(private readonly doc: Document, private readonly callbacks: AttachmentBarCallbacks) {
    this.element = el(doc, 'div', { className: 'attachments', attrs: { role: 'list', 'aria-label': t('attachedToNext') } });
    this.element.hidden = true;
  }

  /** The ids of the chips shown now: exactly these go with the next message. */
  ids(): string[] {
    return this.chips.map((chip) => chip.id);
  }

  update(chips: readonly AttachmentChip[], instructions: InstructionsOffer | undefined): void {
    const hadFocus = this.element.contains(this.doc.activeElement);
    this.chips = chips.filter((chip) => typeof chip.id === 'string' && typeof chip.label === 'string');
    const items: HTMLElement[] = [];
    if (instructions && Array.isArray(instructions.paths)) {
      items.push(this.instructionsChip(instructions));
    }
    items.push(...this.chips.map((chip) => this.fileChip(chip)));
    this.element.replaceChildren(...items);
    this.element.hidden = items.length === 0;
    if (hadFocus) {
      // The focused chip was removed: keep the keyboard in the bar rather than dropping it to the page.
      (this.element.querySelector('button') as HTMLButtonElement | null)?.focus();
    }
  }

  private instructionsChip(offer: InstructionsOffer): HTMLElement {
    const on = offer.on === true;
    const names = offer.paths.join(', ');
    const button = el(this.doc, 'button', {
      className: `instructions-chip${on ? ' on' : ''}`,
      attrs: {
        type: 'button',
        'aria-pressed': String(on),
        title: on ? t('instructionsOn', names) : t('instructionsOff', names),
      },
    }, icon(this.doc, on ? 'pass-filled' : 'circle-large-outline'),
    el(this.doc, 'span', { className: 'chip-label', text: t('instructionsLabel', names) }),
    el(this.doc, 'span', { className: 'chip-tokens', text: tokenLabel(offer.tokens) }));
    onActivate(button, () => this.callbacks.setInstructions(!on));
    return el(this.doc, 'div', { className: 'chip-item', attrs: { role: 'listitem' } }, button);
  }

  private fileChip(chip: AttachmentChip): HTMLElement {
    const d = this.doc;
    const remove = iconButton(d, 'close', t('removeAttachment', chip.label), { className: 'remove-attachment' });
    onActivate(remove, () => this.callbacks.remove(chip.id));
    const item = el(d, 'div', { className: `attachment-chip${chip.cut ? ' cut' : ''}`, attrs: { role: 'listitem', title: chip.path } },
      icon(d, chip.kind === 'problems' ? 'warning' : 'file'),
      el(d, 'span', { className: 'chip-label', text: chip.label }),
      el(d, 'span', { className: 'chip-tokens', text: chip.cut ? t('cutToFit', tokenLabel(chip.tokens)) : tokenLabel(chip.tokens) }),
      remove);
    item.dataset.id = chip.id;
    return item;
  }
}
