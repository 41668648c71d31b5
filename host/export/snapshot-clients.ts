/** Our snapshot targets and the httpsnippet target and client that write each. */
export const CLIENTS = {
  curl: ['shell', 'curl'],
  httpie: ['shell', 'httpie'],
  wget: ['shell', 'wget'],
  'javascript-fetch': ['javascript', 'fetch'],
  'node-http': ['node', 'native'],
  'python-requests': ['python', 'requests'],
  go: ['go', 'native'],
  java: ['java', 'nethttp'],
  php: ['php', 'curl'],
  ruby: ['ruby', 'native'],
  csharp: ['csharp', 'httpclient'],
  powershell: ['powershell', 'webrequest'],
} as const;
export type SnippetTargetId = keyof typeof CLIENTS;
