/**
 * An answer as the judges read it, whatever exchange it was recorded in: its body parsed on first
 * use, and the facts that depend on nothing but the request line and the answer (`answerFact`).
 */
export class Answer<B> {
  #body: B | undefined;
  /** The answer facts' values by slot, as `ExchangeView.derived` fills them. */
  facts: unknown[] | undefined;

  constructor(
    readonly text: string | undefined,
    private readonly parse: () => B,
  ) {}

  get body(): B {
    this.#body ??= this.parse();
    return this.#body;
  }
}

/**
 * The last answer per URL, with the status and the method it answered: a client polls a project, its rooms
 * and its results again and again and mostly gets the same answer (on a population's traffic about
 * 85 % of the characters of results, room lists and project reads), and comparing the text with the
 * last one costs far less than parsing it again and working out again what the judges read of it.
 * The answer, its parsed body and its facts are shared by the views of every exchange that got the
 * same answer to the same request, as they are by the judges of one: none may change them. The least
 * recently answered URLs are forgotten beyond `maxUrls` of them or `maxChars` characters of text.
 */
export class RepeatedAnswers<B> {
  /** Per URL (the text as recorded: its hash is worked out once for the lookups of an exchange), its last answer. */
  readonly #last = new Map<string, Remembered<B>>();
  #chars = 0;
  /** Answers asked for so far: an entry is moved to the end of the Map's order only once it lies far from it. */
  #asked = 0;

  constructor(
    /** How a text is read (an answer made here parses its text on first use). */
    private readonly parse: (text: string) => B,
    private readonly maxUrls: number,
    private readonly maxChars: number,
  ) {}

  /** The answer `text` with `status` to `method` and `url`: the one remembered when the URL's last answer was the same, else one made anew, remembered. */
  answer(status: number, method: string, url: string, text: string): Answer<B> {
    const asked = ++this.#asked;
    const last = this.#last.get(url);
    if (last !== undefined && last.status === status && last.method === method && last.answer.text === text) {
      // A Map keeps its keys in the order they were set: a URL answered again moves towards the end, not at every answer.
      if (asked - last.renewed > this.maxUrls / 2) {
        this.#last.delete(url);
        this.#last.set(url, last);
        last.renewed = asked;
      }
      return last.answer;
    }
    const made = new Answer(text, () => this.parse(text));
    if (last !== undefined) {
      this.#last.delete(url);
      this.#chars -= (last.answer.text as string).length;
    }
    if (text.length > this.maxChars) return made;
    this.#last.set(url, { status, method, answer: made, renewed: asked });
    this.#chars += text.length;
    for (const [oldest, held] of this.#last) {
      if (this.#last.size <= this.maxUrls && this.#chars <= this.maxChars) break;
      this.#last.delete(oldest);
      this.#chars -= (held.answer.text as string).length;
    }
    return made;
  }
}

interface Remembered<B> {
  readonly status: number;
  readonly method: string;
  readonly answer: Answer<B>;
  /** `#asked` when it was last moved to the end. */
  renewed: number;
}
