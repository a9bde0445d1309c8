import { describe, expect, it } from 'vitest';
import { readReferenceBulletTags } from './reference-bullet-tags.js';

// ace-agent/ace ba78d34: ace/core/reflector.py:124–148, playbook_utils.py:56–64, :79–82.
describe('readReferenceBulletTags', () => {
  it('reads the list after the first "bullet_tags", in prose or broken JSON', () => {
    expect(
      readReferenceBulletTags('So: "bullet_tags": [{"id": "a-1", "tag": "helpful"}] {broken'),
    ).toEqual({ tags: [{ id: 'a-1', tag: 'helpful' }], invalidTags: 0 });
  });

  it('finds nothing without the key, without a list, or when the list does not parse', () => {
    expect(readReferenceBulletTags('{"tags": [{"id": "a-1", "tag": "helpful"}]}').tags).toEqual([]);
    expect(readReferenceBulletTags('"bullet_tags": none').tags).toEqual([]);
    // Brackets are counted without regard to strings: "x]" ends the list early.
    expect(readReferenceBulletTags('"bullet_tags": [{"id": "x]", "tag": "helpful"}]').tags).toEqual(
      [],
    );
    expect(readReferenceBulletTags('"bullet_tags": [{"id": "a-1"').tags).toEqual([]);
  });

  it('takes id, else bullet; any tag but helpful or harmful is neutral', () => {
    expect(
      readReferenceBulletTags(
        JSON.stringify({
          bullet_tags: [
            { id: 'a-1', tag: 'Helpful' },
            { bullet: 'a-2', tag: 'harmful' },
            { bullet_id: 'a-3', tag: 'helpful' },
            { id: 'a-4' },
            'a-5',
            { id: 0, bullet: 'a-6', tag: 'helpful' },
          ],
        }),
      ),
    ).toEqual({
      tags: [
        { id: 'a-1', tag: 'neutral' },
        { id: 'a-2', tag: 'harmful' },
        { id: 'a-4', tag: 'neutral' },
        { id: 'a-6', tag: 'helpful' },
      ],
      invalidTags: 2,
    });
  });
});
