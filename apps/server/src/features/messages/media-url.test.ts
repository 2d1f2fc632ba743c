import { describe, expect, it } from 'vitest';
import { mediaUrlAllowed } from './twilio-webhooks.service.js';

describe('the MMS media URLs the server fetches', () => {
  const ours = 'https://api.twilio.com/2010-04-01/Accounts/AC123/Messages/MM1/Media/ME1';

  it("with a Twilio account, only that account's media on Twilio's API", () => {
    expect(mediaUrlAllowed(ours, 'AC123')).toBe(true);
    for (const url of [
      'https://api.twilio.com/2010-04-01/Accounts/AC999/Messages/MM1/Media/ME1',
      'http://api.twilio.com/2010-04-01/Accounts/AC123/Messages/MM1/Media/ME1',
      'https://api.twilio.com.evil.example/2010-04-01/Accounts/AC123/',
      'https://api.twilio.com@127.0.0.1/2010-04-01/Accounts/AC123/',
      'http://127.0.0.1:3000/api/dev/outbox',
      'http://169.254.169.254/latest/meta-data/',
      'file:///etc/passwd',
    ])
      expect(mediaUrlAllowed(url, 'AC123'), url).toBe(false);
  });

  it('without one (the demo and the tests), any http(s) URL, and nothing else', () => {
    expect(mediaUrlAllowed('http://127.0.0.1:4000/a.png', undefined)).toBe(true);
    expect(mediaUrlAllowed(ours, undefined)).toBe(true);
    expect(mediaUrlAllowed('file:///etc/passwd', undefined)).toBe(false);
  });
});
