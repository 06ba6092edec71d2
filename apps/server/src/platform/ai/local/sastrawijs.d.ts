// sastrawijs ships typings but its package.json "exports" do not point to them.
declare module 'sastrawijs' {
  export class Stemmer {
    constructor(dictionary?: string[]);
    stem(word: string): string;
  }
}
