export interface EmailProvider {
  readonly name: string;
  send(message: { to: string; subject: string; text: string }): Promise<{ providerId: string }>;
}
