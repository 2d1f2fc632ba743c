export interface OutgoingSms {
  to: string;
  from: string | null;
  body: string;
  /** Public, signed URLs of the media of an MMS (Twilio fetches them itself). */
  mediaUrls?: string[];
  /** Where Twilio reports the delivery status of this message. */
  statusCallback?: string;
}

export interface SmsProvider {
  readonly name: string;
  send(message: OutgoingSms): Promise<{ providerId: string }>;
  /** Buys (or, locally, invents) a texting number in the given US area code. */
  provisionNumber(areaCode: string): Promise<string>;
  /** Gives back a number bought by `provisionNumber` (a clinic whose save failed after the purchase). */
  releaseNumber(phoneNumber: string): Promise<void>;
}

/**
 * A text the provider did not take, with its error code (Twilio's, e.g. 21610 for an opted-out number, or
 * the network's, 'ENOTFOUND'). `refused` when the provider answered that it will not send it (a number opted
 * out or invalid): a retry would be refused again. Otherwise it was unreachable, busy or failing, and a
 * retry may pass.
 */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    readonly refused: boolean,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}
