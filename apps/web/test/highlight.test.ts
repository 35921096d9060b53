import { describe, expect, it } from 'vitest';
import { highlightTerms, matchRanges } from '../src/search/highlight.ts';

const marked = (text: string, search: string) =>
  matchRanges(text, highlightTerms(search)).map(([a, b]) => text.slice(a, b));

describe('search highlighting', () => {
  it("takes the server's terms: words and quoted phrases, terms of separators dropped, a refused search none", () => {
    expect(highlightTerms('refund "late delivery" - ?')).toHaveLength(2);
    expect(marked('a refund, then a late delivery', 'refund "late delivery" - ?')).toEqual(['refund', 'late delivery']);
    expect(highlightTerms(undefined)).toEqual([]);
    // One Chinese character is refused by the server (400): nothing to mark.
    expect(highlightTerms('猫')).toEqual([]);
  });

  it('marks terms whatever their case and accents, in the characters the reader sees', () => {
    expect(marked('Un Café à PARIS, cafe crème', 'cafe paris')).toEqual(['Café', 'PARIS', 'cafe']);
    expect(marked('Ваш заказ доставлен в Москву', 'москву')).toEqual(['Москву']);
    // A decomposed accent in the text still maps back onto whole characters.
    expect(marked('cafe\u0301 noir', 'café')).toEqual(['cafe\u0301']);
  });

  it('folds case beyond lowering, as the server does: ß is ss, ς is σ, ı is i', () => {
    expect(marked('Straße und STRASSE', 'STRAẞE')).toEqual(['Straße', 'STRASSE']);
    expect(marked('kırmızı ILIK İstanbul', 'KIRMIZI ılık istanbul')).toEqual(['kırmızı', 'ILIK', 'İstanbul']);
    expect(marked('ΟΔΟΣ οδός', 'οδοσ')).toEqual(['ΟΔΟΣ', 'οδός']);
  });

  it('marks a phrase as a whole and a Japanese word inside its sentence', () => {
    expect(marked('late delivery, then delivery late', '"late delivery"')).toEqual(['late delivery']);
    expect(marked('東京に行きたいです', '行き')).toEqual(['行き']);
  });

  it('marks a word whole, as the server matches it', () => {
    expect(marked('refunded, refund; refunds', 'refund')).toEqual(['refund']);
    expect(marked('Refund.', 'refund')).toEqual(['Refund']);
  });

  it('marks the words of a term in a row whatever separates them, JSON escapes included', () => {
    // Pasted from raw JSON: the server reads \n as a break, so the decoded line break matches.
    expect(marked('I asked again\nrefund please', 'again\\nrefund')).toEqual(['again\nrefund']);
    // The raw JSON text, where the break is the escape itself.
    expect(marked('"again\\nrefund"', 'again\\nrefund')).toEqual(['again\\nrefund']);
    expect(marked('region us east 1 and us-east-2', 'us-east-1')).toEqual(['us east 1']);
    expect(marked('late,  delivery', '"late delivery"')).toEqual(['late,  delivery']);
    // A mixed term: its word and its Japanese run, each wherever it is.
    expect(marked('iPhone 12 の注文を確認', 'iPhoneの注文')).toEqual(['iPhone', 'の注文']);
  });

  it('marks a word next to the punctuation and spaces of any script, as the server finds it', () => {
    expect(marked('¡Hola! amigo', 'hola')).toEqual(['Hola']);
    expect(marked('hello—world again', 'world')).toEqual(['world']);
    expect(marked('«bonjour» ami', 'bonjour')).toEqual(['bonjour']);
    expect(marked('wait…what', 'what')).toEqual(['what']);
    expect(marked('late\u00a0delivery', '"late delivery"')).toEqual(['late\u00a0delivery']);
    expect(marked('l’école est', 'école')).toEqual(['école']);
    expect(marked('مرحبا، كيف', 'مرحبا')).toEqual(['مرحبا']);
    expect(marked('ΚΟΣΜΟΣ ΟΛΟΣ', 'κοσμος')).toEqual(['ΚΟΣΜΟΣ']);
  });

  it('merges overlapping marks and marks nothing without a search', () => {
    expect(marked('refunded late', 'refunded "refunded late"')).toEqual(['refunded late']);
    expect(matchRanges('anything', [])).toEqual([]);
  });
});
