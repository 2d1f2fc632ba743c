export interface SmsProvider {
  readonly name: string;
  send(message: { to: string; from: string | null; body: string }): Promise<{ providerId: string }>;
  /** Buys (or, locally, invents) a texting number in the given US area code. */
  provisionNumber(areaCode: string): Promise<string>;
}
