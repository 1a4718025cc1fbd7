/**
 * The one client of OpenAI-compatible chat-completions endpoints (POST {url}/chat/completions,
 * Bearer key), shared by okrAI and the team assistant. Every call has a time limit; any
 * failure (not configured, a timeout, an HTTP error, a body that is not a completion) answers
 * null, so each caller falls back to its rules.
 */
export interface ChatEndpoint {
  /** Base URL, e.g. https://api.openai.com/v1; unset means no model. */
  url?: string;
  key?: string;
  model: string;
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null;
  tool_calls?: ChatToolCall[];
  tool_call_id?: string;
}

export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface ChatTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface ChatRequest {
  messages: ChatMessage[];
  temperature?: number;
  tools?: ChatTool[];
  tool_choice?: 'auto' | 'required' | 'none';
}

/** The first choice's message, or null on any failure. */
export async function chatCompletion(
  endpoint: ChatEndpoint,
  request: ChatRequest,
  options: { timeoutMs: number },
): Promise<{ content: string | null; tool_calls: ChatToolCall[] } | null> {
  if (!endpoint.url) return null;
  const url = `${endpoint.url.replace(/\/+$/, '')}/chat/completions`;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(endpoint.key ? { authorization: `Bearer ${endpoint.key}` } : {}),
      },
      body: JSON.stringify({ model: endpoint.model, ...request }),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as {
      choices?: { message?: { content?: string | null; tool_calls?: unknown } }[];
    };
    const message = body.choices?.[0]?.message;
    if (!message) return null;
    const calls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
    return {
      content: typeof message.content === 'string' ? message.content : null,
      tool_calls: calls.filter(
        (c): c is ChatToolCall =>
          typeof c === 'object' &&
          c !== null &&
          typeof (c as ChatToolCall).function?.name === 'string' &&
          typeof (c as ChatToolCall).function?.arguments === 'string',
      ),
    };
  } catch {
    return null;
  }
}
