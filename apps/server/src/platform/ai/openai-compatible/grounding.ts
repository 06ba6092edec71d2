import type { AiLanguage, RetrievedFact } from '../engine.ts';

/** What the model writes, alone, when the facts do not hold the answer; never shown to the user. */
export const UNKNOWN_MARK = '[[UNKNOWN]]';

/** Said instead when the model finds no answer in the facts. */
export const UNKNOWN_ANSWER: Record<AiLanguage, string> = {
  id: 'Maaf, saya tidak menemukan jawabannya di informasi yang saya miliki.',
  en: 'Sorry, I could not find the answer in the information I have.',
};

const LANGUAGE_NAME: Record<AiLanguage, string> = { id: 'Indonesian', en: 'English' };

const factLine = (f: RetrievedFact) => {
  const fields = f.fields
    ? Object.entries(f.fields)
        .map(([k, v]) => `${k}: ${v}`)
        .join('; ')
    : '';
  return `[#${f.id}] ${f.text.replace(/\s+/g, ' ').trim()}${fields ? ` (${fields})` : ''}`;
};

/**
 * The system prompt: the tenant's instruction, then the rules that keep the answer to the retrieved facts, then the
 * facts, each tagged with its id so that the answer can cite it as [#id].
 */
export function groundedSystemPrompt(instruction: string | undefined, facts: readonly RetrievedFact[], language: AiLanguage): string {
  const rules = [
    `Answer in ${LANGUAGE_NAME[language]}.`,
    'Answer only from the facts below; do not use other knowledge and do not invent prices, times, names or numbers.',
    'Answer with the answer itself, in plain sentences: only what was asked (one item unless a list was asked for), never field names with colons like "Price: ..." or the record as it is stored.',
    'After each sentence that uses a fact, cite it with its tag exactly as written, for example [#abc].',
    `If the facts do not contain the answer, reply with exactly ${UNKNOWN_MARK} and nothing else.`,
  ];
  const factsBlock = facts.length ? facts.map(factLine).join('\n') : '(no facts)';
  return [instruction?.trim(), rules.join('\n'), `Facts:\n${factsBlock}`].filter(Boolean).join('\n\n');
}

const CITATION = /\s?\[#([^\]\s]{1,80})\]/g;
/** Longest text a citation can take, so the filter knows when a "[" is just a bracket. */
const CITATION_MAX = 84;

/**
 * Takes the model's streamed pieces and hands on what the user should see: citations ([#id]) are taken out and
 * collected as sources, and an answer that is the unknown mark becomes the plain "I do not know" of the language.
 * Text that could still be the start of a citation or of the mark is held back until it is settled.
 */
export class GroundedStream {
  private pending = '';
  private shown = '';
  private started = false;
  private unknownAnswer = false;
  readonly sources = new Set<string>();

  constructor(
    private readonly facts: ReadonlySet<string>,
    private readonly language: AiLanguage,
    private readonly emit: (text: string) => void,
  ) {}

  push(piece: string) {
    this.pending += piece;
    if (!this.started) {
      const head = this.pending.trimStart();
      if (head.length < UNKNOWN_MARK.length && UNKNOWN_MARK.startsWith(head)) return;
      this.started = true;
      if (head.startsWith(UNKNOWN_MARK)) {
        this.unknownAnswer = true;
        this.pending = '';
        this.out(UNKNOWN_ANSWER[this.language]);
        return;
      }
    }
    if (this.unknownAnswer) return;
    this.flush(false);
  }

  /** The stream ended: hands on what was held back and says how the answer turned out. */
  end(): { text: string; sources: string[]; unknown: boolean } {
    if (!this.started) {
      this.started = true;
      if (this.pending.trim() === '' || this.pending.trim() === UNKNOWN_MARK) {
        this.unknownAnswer = true;
        this.pending = '';
        this.out(UNKNOWN_ANSWER[this.language]);
      }
    }
    if (!this.unknownAnswer) this.flush(true);
    return { text: this.shown.trim(), sources: [...this.sources], unknown: this.unknownAnswer };
  }

  private flush(final: boolean) {
    let text = this.pending.replace(CITATION, (_, id: string) => {
      if (this.facts.has(id)) this.sources.add(id);
      return '';
    });
    let hold = '';
    if (!final) {
      const open = text.lastIndexOf('[');
      if (open >= 0 && !text.includes(']', open) && text.length - open < CITATION_MAX) {
        hold = text.slice(open);
        text = text.slice(0, open);
      }
      // A space before a citation is taken with it: keep a trailing space until we know.
      if (!hold && text.endsWith(' ')) {
        hold = ' ';
        text = text.slice(0, -1);
      } else if (hold && text.endsWith(' ')) {
        hold = ` ${hold}`;
        text = text.slice(0, -1);
      }
    }
    this.pending = hold;
    this.out(text);
  }

  private out(text: string) {
    if (!text) return;
    this.shown += text;
    this.emit(text);
  }
}
