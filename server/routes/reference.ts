// Reference lists loaded after sign-in and tenant switch (users-and-wallets §3, §7).
import { sessionOf } from '../context.ts';
import * as reference from '../domain/reference.ts';
import { resource } from '../http/jsonapi.ts';
import type { Handlers } from './types.ts';

export const handlers: Handlers = {
  async listCountries(request) {
    const rows = await reference.listCountries(request.server.db);
    return { data: rows.map((row) => resource('country', row.iso, { iso: row.iso, name: row.name, nationality: row.nationality })) };
  },

  async listRoles(request) {
    const rows = await reference.listRoles(request.server.db);
    return { data: rows.map((row) => resource('role', row.id, { value: row.id, name: row.name })) };
  },

  async listGroups(request) {
    const session = sessionOf(request);
    const rows = await reference.listGroups(request.server.db, session.tenantId);
    return { data: rows.map((row) => resource('group', row.id, { value: row.id, name: row.name })) };
  },

  async listStatuses(request) {
    const rows = await reference.listStatuses(request.server.db);
    return { data: rows.map((row) => resource('status', row.id, { value: row.id, name: row.name })) };
  },

  async listTransactionTypes(request) {
    const rows = await reference.listTransactionTypes(request.server.db);
    return { data: rows.map((row) => resource('transactiontype', row.id, { value: row.id, name: row.name })) };
  },

  async listProductTypes(request) {
    const rows = await reference.listProductTypes(request.server.db);
    return { data: rows.map((row) => resource('producttype', row.id, { name: row.name })) };
  },

  async listCurrencies(request) {
    const rows = await reference.listCurrencies(request.server.db);
    return { data: rows.map((row) => resource('currency', row.id, { name: row.name, code: row.code, symbol: row.symbol })) };
  },

  async listChannels(request) {
    const session = sessionOf(request);
    const rows = await reference.listChannels(request.server.db, session.tenantId);
    return {
      data: rows.map((row) =>
        resource('channel', row.id, { code: row.code, name: row.name, ...(row.currency ? { currency: row.currency } : {}) }),
      ),
    };
  },
};
