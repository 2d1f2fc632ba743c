import { type FormAdminFolderView, formTexts } from '@vigil/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forms as formRows } from '../../db/schema/index.js';
import { whileRefusing } from '../../test/refuse-writes.js';
import { onPostgres } from '../../test/test-app.js';
import { createWorld, type Who, type World } from '../patients/patient-fixtures.js';
import { addFolder, addForm, everyTypeDefinition, hostedInput } from './form-fixtures.js';

let w: World;

beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w?.close());

describe('managing forms', () => {
  it('is for operator administrators only: 403 for every other user, clinic admins too', async () => {
    const folder = await addFolder(w, 'Screening');
    const form = await addForm(w, hostedInput(folder, 'PHQ-2', everyTypeDefinition));
    const others: Who[] = ['navigatorA', 'northPhysician', 'northStaff', 'southPhysician'];
    for (const who of others) {
      const as = w.as(who);
      const answers = await Promise.all([
        as.get('/api/form-admin'),
        as.post('/api/form-admin/folders', { name: 'Mine' }),
        as.put(`/api/form-admin/folders/${folder}`, { name: 'Mine' }),
        as.put('/api/form-admin/folder-order', { folderIds: [folder] }),
        as.post('/api/form-admin/forms', hostedInput(folder, 'Mine', everyTypeDefinition)),
        as.put(`/api/form-admin/forms/${form._id}`, { title: '' }),
      ]);
      expect(
        answers.map((r) => r.statusCode),
        who,
      ).toEqual([403, 403, 403, 403, 403, 403]);
      expect(answers[0]!.json().message).toBe(formTexts.circleAdminOnly);
    }
  });

  it('changes nothing when the change cannot be audited: the form and its audit event land together', async () => {
    const folder = await addFolder(w, 'Audited');
    const db = w.t.app.vigil.database.db;
    const refused = await whileRefusing(
      db,
      { table: 'audit_events', operation: 'insert', when: "new.action like 'form.%'" },
      async () => [
        await w.as('circleAdmin').post('/api/form-admin/folders', { name: 'Unaudited' }),
        await w.as('circleAdmin').put(`/api/form-admin/folders/${folder}`, { name: 'Renamed' }),
        await w
          .as('circleAdmin')
          .post('/api/form-admin/forms', hostedInput(folder, 'Unaudited form', everyTypeDefinition)),
      ],
    );
    expect(refused.map((r) => r.statusCode)).toEqual([500, 500, 500]);
    const list: FormAdminFolderView[] = (await w.as('circleAdmin').get('/api/form-admin')).json().data;
    expect(list.map((f) => f.name)).not.toContain('Unaudited');
    const audited = list.find((f) => f._id === folder)!;
    expect(audited.name).toBe('Audited');
    expect(audited.forms).toEqual([]);
  });

  it('keeps folder names unique, and an order that names every folder once', async () => {
    const a = await addFolder(w, 'Monthly');
    const taken = await w.as('circleAdmin').post('/api/form-admin/folders', { name: 'monthly' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(formTexts.folderNameTaken);
    const b = await addFolder(w, 'Education');
    expect(
      (await w.as('circleAdmin').put(`/api/form-admin/folders/${b}`, { name: 'Monthly' })).statusCode,
    ).toBe(409);
    const renamed = await w.as('circleAdmin').put(`/api/form-admin/folders/${b}`, { name: 'Teaching' });
    expect(renamed.json().data.name).toBe('Teaching');

    const list: FormAdminFolderView[] = (await w.as('circleAdmin').get('/api/form-admin')).json().data;
    const ids = list.map((f) => f._id);
    const order = (folderIds: string[]) =>
      w.as('circleAdmin').put('/api/form-admin/folder-order', { folderIds });
    const partial = await order(ids.slice(1));
    expect(partial.statusCode).toBe(400);
    expect(partial.json().message).toBe(formTexts.folderOrderInvalid);
    expect((await order([...ids, ids[0]!])).statusCode).toBe(400);
    const reversed = [...ids].reverse();
    expect((await order(reversed)).statusCode).toBe(200);
    const after: FormAdminFolderView[] = (await w.as('circleAdmin').get('/api/form-admin')).json().data;
    expect(after.map((f) => f._id)).toEqual(reversed);
    expect(after.map((f) => f.position)).toEqual(reversed.map((_, i) => i + 1));
    expect(
      (await w.as('northStaff').get('/api/forms')).json().data.map((f: { _id: string }) => f._id),
    ).toEqual(reversed);
    expect(a).toBeTruthy();
  });

  // PGlite runs one statement at a time, so two requests cannot overlap there.
  it.runIf(onPostgres)(
    'orders and adds folders and forms one request after another when they come at once (PostgreSQL only)',
    async () => {
      const admin = w.as('circleAdmin');
      const created = await Promise.all(
        Array.from({ length: 5 }, (_, i) => admin.post('/api/form-admin/folders', { name: `At once ${i}` })),
      );
      expect(created.map((r) => r.statusCode)).toEqual(Array(5).fill(201));
      const list = async (): Promise<FormAdminFolderView[]> =>
        (await admin.get('/api/form-admin')).json().data;
      const positions = (await list()).map((f) => f.position);
      expect(new Set(positions).size).toBe(positions.length);

      const ids = (await list()).map((f) => f._id);
      const order = (folderIds: string[]) => admin.put('/api/form-admin/folder-order', { folderIds });
      for (let round = 0; round < 5; round++) {
        const answers = await Promise.all([order(ids), order([...ids].reverse())]);
        expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
      }

      const folder = created[0]!.json().data._id as string;
      const forms = await Promise.all(
        Array.from({ length: 4 }, (_, i) =>
          admin.post('/api/form-admin/forms', hostedInput(folder, `Together ${i}`, everyTypeDefinition)),
        ),
      );
      expect(forms.map((r) => r.statusCode)).toEqual(Array(4).fill(201));
      const stored = await w.t.app.vigil.database.db
        .select()
        .from(formRows)
        .where(eq(formRows.folderId, folder));
      expect(stored.map((f) => f.position).sort()).toEqual([1, 2, 3, 4]);
    },
  );

  it('needs a hosted definition with a question, and an existing folder', async () => {
    const folder = await addFolder(w);
    for (const definition of [{}, { pages: [] }, { elements: [{ type: 'html', html: '<p>hi</p>' }] }]) {
      const res = await w
        .as('circleAdmin')
        .post('/api/form-admin/forms', hostedInput(folder, 'Empty', definition));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ definition: formTexts.definitionInvalid });
    }
    const nowhere = await w
      .as('circleAdmin')
      .post(
        '/api/form-admin/forms',
        hostedInput('00000000-0000-4000-8000-00000000f00d', 'X', everyTypeDefinition),
      );
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().fields).toEqual({ folderId: formTexts.folderUnknown });
    const http = await w.as('circleAdmin').post('/api/form-admin/forms', {
      kind: 'EXTERNAL',
      title: 'Plain',
      folderId: folder,
      url: 'http://forms.example.com',
    });
    expect(http.statusCode).toBe(400);
  });

  it('lists retired forms with their submissions count, definition and secret', async () => {
    const folder = await addFolder(w);
    const hosted = await addForm(w, { ...hostedInput(folder, 'Old', everyTypeDefinition), retired: true });
    const external = await addForm(w, {
      kind: 'EXTERNAL',
      title: 'Elsewhere',
      folderId: folder,
      url: 'https://forms.example.com/x',
      prefill: [],
      retired: false,
    });
    const list: FormAdminFolderView[] = (await w.as('circleAdmin').get('/api/form-admin')).json().data;
    const forms = list.find((f) => f._id === folder)!.forms;
    expect(forms.map((f) => [f.title, f.retired, f.submissionsCount])).toEqual([
      ['Old', true, 0],
      ['Elsewhere', false, 0],
    ]);
    expect(forms[0]).toMatchObject({
      definition: everyTypeDefinition,
      secret: null,
      url: `/forms/fill/${hosted._id}`,
    });
    expect(forms[1]).toMatchObject({
      definition: null,
      secret: external.secret,
      url: 'https://forms.example.com/x',
    });
    const panel = (await w.as('northStaff').get('/api/forms')).json().data;
    expect(
      panel.find((f: { _id: string }) => f._id === folder).forms.map((f: { title: string }) => f.title),
    ).toEqual(['Elsewhere']);
  });
});
