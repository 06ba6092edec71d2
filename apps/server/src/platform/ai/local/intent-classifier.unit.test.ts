import { describe, expect, it } from 'vitest';
import { chooseOperatingPoint, trainIntentClassifier } from './intent-classifier.ts';

describe('the out-of-scope operating point', () => {
  it('is the confidence that best separates right in-scope answers from out-of-scope text', () => {
    const inScope = [0.9, 0.8, 0.7, 0.6].map((confidence) => ({ confidence, correct: true }));
    expect(chooseOperatingPoint(inScope, [0.2, 0.3, 0.4])).toBe(0.6);
  });

  it('weighs out-of-scope recall against in-scope accuracy', () => {
    // Rejecting the two out-of-scope sentences at 0.55 costs one right in-scope answer of four (0.5 weight: 0.25 vs
    // 0.5 × 1.0 gained); with a weight of 0.2 it is not worth it.
    const inScope = [0.9, 0.8, 0.7, 0.5].map((confidence) => ({ confidence, correct: true }));
    expect(chooseOperatingPoint(inScope, [0.52, 0.54])).toBe(0.7);
    expect(chooseOperatingPoint(inScope, [0.52, 0.54], 0.2)).toBe(0.5);
  });

  it('does not count a wrong in-scope answer as worth accepting', () => {
    const inScope = [
      { confidence: 0.9, correct: true },
      { confidence: 0.45, correct: false },
    ];
    expect(chooseOperatingPoint(inScope, [0.5])).toBe(0.9);
  });

  it('prefers the lowest of equally good thresholds (fewer hand-overs)', () => {
    const inScope = [
      { confidence: 0.9, correct: true },
      { confidence: 0.45, correct: false },
      { confidence: 0.4, correct: false },
    ];
    expect(chooseOperatingPoint(inScope, [0.3])).toBe(0.4);
  });

  it('keeps the default without out-of-scope examples', () => {
    expect(chooseOperatingPoint([{ confidence: 0.7, correct: true }], [])).toBe(0.5);
  });
});

// Six topics, English, ten phrasings each from a few words that overlap between topics.
const TOPICS: Record<string, string[]> = {
  weather: ['weather', 'rain', 'sunny', 'forecast', 'temperature'],
  alarm: ['alarm', 'wake', 'morning', 'clock', 'snooze'],
  music: ['music', 'song', 'play', 'playlist', 'album'],
  taxi: ['taxi', 'ride', 'cab', 'driver', 'pickup'],
  recipe: ['recipe', 'cook', 'dinner', 'ingredients', 'bake'],
  news: ['news', 'headlines', 'politics', 'today', 'report'],
};
const FRAMES = ['what about the {a}', 'tell me the {a} {b}', 'i need a {a} now', '{a} {b} please', 'can you check {b} {a}'];
const examples = Object.entries(TOPICS).flatMap(([intent, words]) =>
  FRAMES.flatMap((frame, i) => [0, 1].map((j) => ({ intent, text: frame.replace('{a}', words[(i + j) % 5]).replace('{b}', words[(i + j + 2) % 5]) }))),
);

describe('training the classifier', () => {
  it('stores the operating point chosen on held-out folds, and reads it as confidence 0.5 (the client default)', () => {
    const model = trainIntentClassifier(examples, { language: 'en' });
    const point = model.state.operatingPoint;
    expect(point).toBeGreaterThan(0);
    expect(point).toBeLessThan(1);
    // Without the folds the state has no operating point and confidences are the probabilities themselves.
    const raw = trainIntentClassifier(examples, { language: 'en', calibrate: false });
    expect(raw.state.operatingPoint).toBeUndefined();
    for (const text of ['is it going to rain', 'play my album', 'book a cab for dinner']) {
      const p = raw.predict(text).confidence;
      const calibrated = model.predict(text).confidence;
      expect(calibrated >= 0.5).toBe(p >= point!);
    }
    // A client's own threshold still decides: 0 accepts what the coverage rule lets through, 1 rejects everything.
    expect(model.predict('tell me the weather forecast', { threshold: 0 }).outOfScope).toBe(false);
    expect(model.predict('tell me the weather forecast', { threshold: 1.01 }).outOfScope).toBe(true);
  });

  it('skips the folds when there are too few intents to hold a third of them out', () => {
    const few = examples.filter((e) => ['weather', 'alarm', 'music'].includes(e.intent));
    expect(trainIntentClassifier(few, { language: 'en' }).state.operatingPoint).toBeUndefined();
  });

  it('balances classes: a small intent is not drowned by a large one', () => {
    const large = Array.from({ length: 60 }, (_, i) => ({ intent: 'flight', text: `show flights from city${i} to town${i % 7} please` }));
    const small = ['what is the fare from city1 to town2', 'how much is a ticket from city3 to town4', 'fare please from city5 to town6'].map((text) => ({
      intent: 'fare',
      text,
    }));
    const probe = 'what does a ticket from city8 to town1 cost';
    const fare = (classBalance: number) => {
      const p = trainIntentClassifier([...large, ...small], { language: 'en', calibrate: false, classBalance }).predict(probe, { threshold: 0 });
      return p.ranking.find((r) => r.intent === 'fare')!.confidence;
    };
    expect(fare(1)).toBeGreaterThan(fare(0) + 0.1);
  });
});
