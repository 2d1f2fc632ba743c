import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { AccountForm, AvatarFile, CreateUserRequest, UpdateUserRequest, UserForm } from './users.schema.js';

const user = {
  firstName: 'Ana',
  lastName: 'Diaz',
  phone: '(555) 123-4567',
  email: 'ana@sunrise.demo',
  clinicalRole: 'STAFF',
};

describe('user schemas', () => {
  it('requires the account fields', () =>
    expect(AccountForm.safeParse({}).error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['firstName', messages.required],
      ['lastName', messages.required],
      ['phone', messages.required],
      ['email', messages.required],
    ]));

  it('bounds the email at 254 characters, as a mailbox does', () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(185)}.demo`;
    expect(long).toHaveLength(255);
    expect(AccountForm.safeParse({ ...user, email: long }).error?.issues.map((i) => i.message)).toEqual([
      messages.tooLong(254),
    ]);
  });

  it.each(['5551234567', '555-123-4567', '(555) 123-4567', '+1 555 123 4567', '1.555.123.4567'])(
    'accepts the phone %s',
    (phone) => expect(AccountForm.safeParse({ ...user, phone }).success).toBe(true),
  );

  it('defaults the user form flags and accepts a temporary password', () => {
    expect(UserForm.parse(user)).toMatchObject({
      admin: false,
      timeTrackingEnabled: false,
      twoFactorType: 'none',
    });
    expect(UserForm.safeParse({ ...user, password: 'Temp!pass1' }).success).toBe(true);
    expect(UserForm.safeParse({ ...user, clinicalRole: '' }).error?.issues[0]?.message).toBe(
      messages.required,
    );
  });

  it('requires a clinic for a CLINIC user, not for a CIRCLE navigator', () => {
    expect(
      CreateUserRequest.safeParse({ ...user, role: { portal: 'CLINIC' } }).error?.issues[0]?.path,
    ).toEqual(['clinicId']);
    expect(
      CreateUserRequest.safeParse({ ...user, clinicalRole: 'CARE_NAVIGATOR', role: { portal: 'CIRCLE' } })
        .success,
    ).toBe(true);
  });

  it('updates any subset', () =>
    expect(UpdateUserRequest.parse({ firstName: 'Ann' })).toEqual({ firstName: 'Ann' }));

  it.each([
    ['me.png', 'image/png', true],
    ['me.JPEG', 'image/jpeg', true],
    ['me.png', 'image/svg+xml', false],
  ])('takes the avatar %s (%s): %s', (fileName, mimeType, ok) =>
    expect(AvatarFile.safeParse({ fileName, mimeType }).success).toBe(ok),
  );
});
