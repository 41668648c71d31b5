import type { Server } from 'node:http';
export function serveStatic(dir: string, port: number): Promise<{ server: Server; url: string }>;
