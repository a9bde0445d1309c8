import type { GenerateRequest } from '@forge/provider';
import { MockLanguageModel } from '@forge/provider/testing';

// Scripted ACE roles for the toy task (`@forge/method/testing`): the task model answers a
// category right only when its system prompt names `rule-<category>`, and the evaluator's
// feedback names the missing rule. The reflector turns that feedback into a lesson and tags the
// bullet naming this input's rule helpful; the curator adds a lesson the playbook lacks.

function userMessage(request: GenerateRequest): string {
  const first = request.messages[0];
  return first !== undefined && 'content' in first ? String(first.content) : '';
}

function section(text: string, heading: string): string {
  const start = text.indexOf(`${heading}\n`);
  if (start < 0) return '';
  const rest = text.slice(start + heading.length + 1);
  const level = /^#+/.exec(heading)?.[0].length ?? 1;
  const next = rest.search(new RegExp(`\\n#{1,${level}} `));
  return next < 0 ? rest : rest.slice(0, next);
}

/** Bullets of a rendered playbook or bullet list: id and content. */
export function bulletsIn(text: string): { id: string; content: string }[] {
  return [...text.matchAll(/^\[([^\]]+)\] helpful=\d+ harmful=\d+(?: module=\S+)? :: (.*)$/gm)].map(
    (match) => ({ id: match[1] as string, content: match[2] as string }),
  );
}

/** The toy reflector: a lesson from the feedback, helpful tags for the bullet that applied. */
export function toyAceReflector(
  options: { transform?: (text: string, callIndex: number) => string } = {},
): MockLanguageModel {
  return new MockLanguageModel({
    modelId: 'toy-ace-reflector',
    responses: (request, callIndex) => {
      const user = userMessage(request);
      const category = /## category\n(\w+)/.exec(section(user, '# Task Input'))?.[1] ?? '?';
      const missing = /missing (rule-\w+)/.exec(section(user, '# Evaluation Feedback'))?.[1];
      const bullets = bulletsIn(section(user, '# Playbook Bullets Used'));
      const answer = {
        reasoning: 'Compared the answer with the feedback.',
        error_identification: missing === undefined ? 'The answer was right.' : `The prompt lacked ${missing}.`,
        root_cause_analysis: missing === undefined ? 'The playbook had the rule.' : 'No bullet states the rule.',
        correct_approach: missing === undefined ? 'Keep applying the rule.' : `Apply ${missing}.`,
        key_insight:
          missing === undefined ? 'No new lesson.' : `Inputs of category ${category} need ${missing}.`,
        bullet_tags: bullets.map((bullet) => ({
          id: bullet.id,
          tag: bullet.content.includes(`rule-${category}`) ? 'helpful' : 'neutral',
        })),
      };
      const text = JSON.stringify(answer);
      return options.transform ? options.transform(text, callIndex) : text;
    },
  });
}

/** The toy curator: ADDs the reflection's lesson unless a bullet already names its rule. */
export function toyAceCurator(
  options: { transform?: (text: string, callIndex: number) => string } = {},
): MockLanguageModel {
  return new MockLanguageModel({
    modelId: 'toy-ace-curator',
    responses: (request, callIndex) => {
      const user = userMessage(request);
      const recent = section(user, '# Recent Reflection');
      // Under `profile: reference` the reflection arrives as the reflector wrote it (JSON).
      const insight = recent.trim().startsWith('{')
        ? String((JSON.parse(recent) as { key_insight?: unknown }).key_insight ?? '')
        : section(recent, '## Key Insight');
      const rule = /(rule-\w+)/.exec(insight)?.[1];
      const playbook = bulletsIn(section(user, '# Current Playbook'));
      const operations =
        rule === undefined || playbook.some((bullet) => bullet.content.includes(rule))
          ? []
          : [{ type: 'ADD', section: 'strategies_and_insights', content: insight.trim() }];
      const text = JSON.stringify({ reasoning: 'Add what is missing.', operations });
      return options.transform ? options.transform(text, callIndex) : text;
    },
  });
}

/** One model playing both ACE roles, told apart by the user message as a real model would be. */
export function toyAceOptimizer(): MockLanguageModel {
  const reflector = toyAceReflector();
  const curator = toyAceCurator();
  return new MockLanguageModel({
    modelId: 'toy-ace-optimizer',
    responses: async (request) => {
      const role = userMessage(request).startsWith('# Current Playbook') ? curator : reflector;
      return (await role.generate({ ...request, metadata: undefined })).text;
    },
  });
}
