import { describe, expect, it } from 'vitest';
import { extractXmlBlock, parseJsonObject } from './extract-xml-block.js';
import { answerMisbehaviours, misbehave } from './misbehave.js';
import { readModelAnswer, stripReasoning, unwrapOuterFence } from './model-answer.js';

const answer = '<assignment>{"cluster_name": null}</assignment>';

describe('readModelAnswer', () => {
  it('keeps the answer behind a reasoning block, chatter or an outer fence usable', () => {
    for (const form of ['reasoning', 'chatter', 'fence'] as const) {
      const spoiled = misbehave(answer, form);
      const read = readModelAnswer(spoiled.text, spoiled.finishReason);
      expect(read.ok, form).toBe(true);
      const block = extractXmlBlock(read.ok ? read.text : '', 'assignment');
      expect(block, form).toEqual({ ok: true, content: '{"cluster_name": null}' });
    }
  });

  it('reports an answer cut off at the token limit as truncated, even when it reads complete', () => {
    expect(readModelAnswer(answer, 'length')).toEqual({ ok: false, reason: 'truncated' });
    const cut = misbehave(answer, 'truncated');
    expect(readModelAnswer(cut.text, cut.finishReason)).toEqual({ ok: false, reason: 'truncated' });
  });

  it('reports nothing, or only reasoning, as empty', () => {
    expect(readModelAnswer('', 'stop')).toEqual({ ok: false, reason: 'empty' });
    expect(readModelAnswer('<think>hmm</think>\n  ')).toEqual({ ok: false, reason: 'empty' });
    // Still thinking when the answer ended: nothing usable came.
    expect(readModelAnswer('<think>the <assignment> block should')).toEqual({
      ok: false,
      reason: 'empty',
    });
  });

  it('has one form per misbehaviour, deterministic', () => {
    expect(answerMisbehaviours).toHaveLength(5);
    for (const form of answerMisbehaviours) {
      expect(misbehave(answer, form)).toEqual(misbehave(answer, form));
    }
  });
});

describe('stripReasoning and unwrapOuterFence', () => {
  it('sets aside every leading reasoning block, so a tag mentioned there is not counted twice', () => {
    const text = `<think>I will write <assignment> once</think><Thinking>ok</Thinking>\n${answer}`;
    expect(stripReasoning(text).trim()).toBe(answer);
    expect(extractXmlBlock(text, 'assignment').ok).toBe(true);
    expect(stripReasoning('no reasoning')).toBe('no reasoning');
  });

  it('unwraps one fence around the whole text, with any language tag', () => {
    expect(unwrapOuterFence('```xml\n<a>1</a>\n```')).toBe('<a>1</a>');
    expect(unwrapOuterFence('````\n```\ninner\n```\n````')).toBe('```\ninner\n```');
    expect(unwrapOuterFence('text ```x``` text')).toBe('text ```x``` text');
  });

  it('parses the JSON of a block whatever wraps the answer', () => {
    for (const form of ['reasoning', 'chatter', 'fence'] as const) {
      const block = extractXmlBlock(misbehave(answer, form).text, 'assignment');
      expect(block.ok && parseJsonObject(block.content).ok, form).toBe(true);
    }
  });
});
