import { describe, expect, it } from 'vitest';
import { plainOrigin } from './plain-urls.js';

describe('plainOrigin', () => {
  it('reads the scheme and host the URL parser gives, where the text shows them as it would', () => {
    for (const url of ['http://127.0.0.1:35503/api/v2/', 'https://api.example.com/api/v2/reports?x=1', 'http://localhost', 'https://a-b.c0.example#f', 'http://10.0.0.255:65535?q']) {
      const parsed = new URL(url);
      expect(plainOrigin(url)).toEqual({ protocol: parsed.protocol, hostname: parsed.hostname });
    }
  });

  it('leaves to the parser what it may read otherwise or refuse', () => {
    for (const url of ['HTTP://localhost/', 'http://LocalHost/', 'http://127.1/', 'http://0127.0.0.1/', 'http://1.2.3.256/', 'http://a.0x7f/', 'http://xn--nxasmq6b/', 'http://user@host/', 'http://host:65536/', 'http://host\\\\path', ' http://host/', 'ftp://host/', 'http://[::1]/']) {
      expect(plainOrigin(url)).toBeUndefined();
    }
  });
});
