/** A numeric literal of a custom scalar (bigint, numeric...), kept as written so no precision is lost. */
export class NumericLiteral {
  constructor(readonly text: string) {}
  toJSON(): number {
    return Number(this.text);
  }
}
