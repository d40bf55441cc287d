import { apiMessage, type ApiMessageKey } from '@store/contracts';
import type { Socket } from 'node:net';

/**
 * What a connection gets when Node itself refuses its request before any route sees it (a request or its headers
 * too slow: 408; headers too large: 431; anything unparseable: 400): the store's error shape in Arabic (no
 * request, so no language was asked for) and the store's security headers, like every other answer, then the
 * connection closes. A socket that is already gone or reset is just destroyed.
 */
export function clientErrorHandler(headers: Record<string, string>) {
  const extra = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  return (err: NodeJS.ErrnoException, socket: Socket) => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, reason, key]: [number, string, ApiMessageKey] =
      err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'request_timeout']
        : err.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request Header Fields Too Large', 'headers_too_large']
          : [400, 'Bad Request', 'invalid_request'];
    const body = JSON.stringify({ errors: [apiMessage(key, 'ar')] });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nconnection: close\r\ncontent-type: application/json; charset=utf-8\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\n${extra}\r\n${body}`,
    );
  };
}
