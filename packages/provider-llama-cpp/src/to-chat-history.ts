import type { GenerateRequest } from '@forge/provider';
import type { ChatHistoryItem } from 'node-llama-cpp';

/**
 * A request's conversation as node-llama-cpp's chat history, ending with the empty model turn to
 * generate: the system prompt, user turns, assistant turns (their text; tool calls are not sent,
 * as local models call no tools), and tool results as user turns naming the tool. The model's chat
 * template (from the GGUF file) renders it.
 */
export function toChatHistory(request: GenerateRequest): ChatHistoryItem[] {
  const history: ChatHistoryItem[] = [];
  if (request.system !== undefined && request.system !== '') {
    history.push({ type: 'system', text: request.system });
  }
  for (const message of request.messages) {
    switch (message.role) {
      case 'user':
        history.push({ type: 'user', text: message.content });
        break;
      case 'assistant':
        history.push({ type: 'model', response: [message.content] });
        break;
      case 'tool':
        history.push({
          type: 'user',
          text: `Result of the tool ${message.toolName}${message.isError ? ' (failed)' : ''}:\n${message.content}`,
        });
        break;
    }
  }
  history.push({ type: 'model', response: [] });
  return history;
}
