// NLTK's pretrained English Punkt parameters (nltk_data `tokenizers/punkt_tab/english`,
// Apache-2.0): the abbreviation types, collocations and frequent sentence starters. The
// orthographic-context table is in assets/punkt-english-ortho-context.txt.gz.

/** Abbreviation types (lowercase, without the final period). */
export const punktAbbreviations: ReadonlySet<string> = new Set(
  (
    'ct m.j t a.c n.h ms p.a.m dr pa p.m u.k st dec u.s.a lt g.k adm p h.m ga tenn yr sen n.c ' +
    'j.j d.h s.g inc vs s.p.a a.t n feb sr jan s.a.y n.y col g.f c.o.m.b d ft va r.k e.f chg ' +
    'r.i a.g minn a.h k n.j m l.f f.j gen i.m.s s.a aug j.p okla m.d.c ltd oct s vt r.a j.c ' +
    'ariz w.w b.v ore h w.r e.h mrs cie corp w n.v a.d r.j ok e.m w.c ill nov u.s prof conn ' +
    'u.s.s.r mg f.g ph.d g calif messrs h.f wash tues sw bros u.n l wis mr sep d.c ave e.l co ' +
    's.s reps c r.t h.c r wed a.s v fla jr r.h c.v m.b.a rep a.a e c.i.t l.a b.f j.b d.w j.k ' +
    'ala f w.va sept mich n.m j.r l.p s.c colo fri a.m g.d kan maj ky a.m.e n.d t.j cos nev'
  )
    .split(' ')
    .concat(['. . ']),
);

/** Collocations: (type before the period, type after it) pairs that are not sentence breaks. */
export const punktCollocations: ReadonlySet<string> = new Set(
  [
    '##number## international',
    '##number## rj',
    '##number## commodities',
    '##number## cooper',
    'b stewart',
    '##number## genentech',
    '##number## wedgestone',
    'i toussie',
    '##number## pepper',
    'j fialka',
    'o ludcke',
    '##number## insider',
    '##number## aes',
    'i magnin',
    '##number## credit',
    '##number## corrections',
    '##number## financing',
    '##number## henley',
    '##number## business',
    '##number## pay-fone',
    'b wigton',
    'b edelman',
    'b levine',
    '##number## leisure',
    'b smith',
    'j walter',
    '##number## pegasus',
    '##number## dividend',
    'j aron',
    '##number## review',
    '##number## abreast',
    '##number## who',
    '##number## letters',
    '##number## colgate',
    '##number## cbot',
    '##number## notable',
    '##number## zimmer',
  ].map((pair) => pair.replace(' ', '\t')),
);

/** Frequent sentence starters. */
export const punktSentenceStarters: ReadonlySet<string> = new Set(
  (
    'most he since so both these it nevertheless this indeed however instead under similarly ' +
    'some though while when in despite although nonetheless thus there if the nor separately ' +
    'moreover but they yet many according sales among meanwhile even i'
  ).split(' '),
);
