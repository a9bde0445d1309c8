// Optimize against models served by any OpenAI-compatible server — vLLM, SGLang, LM Studio,
// OpenRouter — the way the paper's Qwen task models are usually served.
//
// On your machine (with a vLLM server and the AIME data pulled by `forge data pull aime`):
//
//   OPENAI_BASE_URL=http://localhost:8000/v1 OPENAI_API_KEY=unused \
//   FORGE_BENCHMARK=aime FORGE_TASK_MODEL=openai:Qwen/Qwen3-8B FORGE_OPTIMIZER_MODEL=anthropic:claude-sonnet-4-6 \
//   ANTHROPIC_API_KEY=… pnpm exec tsx examples/openai-compatible.ts
//
// The paper runs Qwen with thinking disabled; vLLM takes that as a chat-template argument,
// passed below through `providerOptions.openai.extraBody`.
//
// In CI this example runs unchanged against Forge's simulated OpenAI-compatible server
// (`forge sim serve`), so every call goes through the real `openai` SDK, retries, limits and
// cache — with simulated models, whose scores say nothing about real ones.
import { optimize } from '@forge/sdk';

const benchmark = process.env['FORGE_BENCHMARK'] ?? 'sim';
const taskModel = process.env['FORGE_TASK_MODEL'] ?? 'openai:task';
const optimizerModel = process.env['FORGE_OPTIMIZER_MODEL'] ?? 'openai:optimizer';

const result = await optimize({
  benchmark,
  taskModel: {
    model: taskModel,
    concurrency: 16,
    maxOutputTokens: 8192,
    providerOptions: {
      openai: { extraBody: { chat_template_kwargs: { enable_thinking: false } } },
    },
  },
  optimizerModel: { model: optimizerModel, concurrency: 4 },
  budget: { maxEvaluations: Number(process.env['FORGE_BUDGET'] ?? 300) },
  runDir: process.env['FORGE_RUN_DIR'] ?? `forge-runs/${benchmark}-openai-compatible-${Date.now()}`,
});

console.log(
  `${result.simulated ? '[simulated] ' : ''}${benchmark}: validation ${result.seedScore.toFixed(3)} → ${result.bestScore.toFixed(3)}, ` +
    `${result.evaluationsUsed} evaluations, $${result.costUsd.toFixed(4)}; report: ${result.runDir}/report.html`,
);
