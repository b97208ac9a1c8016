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
 * The last answer per request line (status, method and URL): a client polls a project, its rooms
 * and its results again and again and mostly gets the same answer (on a population's traffic about
 * 85 % of the characters of results, room lists and project reads), and comparing the text with the
 * last one costs far less than parsing it again and working out again what the judges read of it.
 * The answer, its parsed body and its facts are shared by the views of every exchange that got the
 * same answer to the same line, as they are by the judges of one: none may change them. The least
 * recently answered lines are forgotten beyond `maxLines` lines or `maxChars` characters of text.
 */
export class RepeatedAnswers<B> {
  readonly #last = new Map<string, Answer<B>>();
  #chars = 0;

  constructor(
    private readonly maxLines: number,
    private readonly maxChars: number,
  ) {}

  /** The answer `text` to `line`: the one remembered when the line's last answer had the same text, else `make()`, remembered. */
  answer(line: string, text: string, make: () => Answer<B>): Answer<B> {
    const last = this.#last.get(line);
    // A Map keeps its keys in the order they were set: the line answered last goes to the end.
    if (last !== undefined) this.#last.delete(line);
    if (last !== undefined && last.text === text) {
      this.#last.set(line, last);
      return last;
    }
    const made = make();
    if (last !== undefined) this.#chars -= (last.text as string).length;
    if (text.length > this.maxChars) return made;
    this.#last.set(line, made);
    this.#chars += text.length;
    for (const [oldest, held] of this.#last) {
      if (this.#last.size <= this.maxLines && this.#chars <= this.maxChars) break;
      this.#last.delete(oldest);
      this.#chars -= (held.text as string).length;
    }
    return made;
  }
}
