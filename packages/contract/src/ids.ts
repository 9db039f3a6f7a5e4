import { z } from 'zod';

/**
 * Branded ids: a user's UUID and a user's account code are both strings on the wire, and the web
 * once compared one with the other ("is this transfer mine?") and never matched. Branding makes
 * such a comparison a type error; the values on the wire do not change.
 */
export const UserIdSchema = z.string().brand<'UserId'>();
export type UserId = z.infer<typeof UserIdSchema>;

/** The account's code (userInfo.id and userCode carry it), never a user's UUID. */
export const UserCodeSchema = z.string().brand<'UserCode'>();
export type UserCode = z.infer<typeof UserCodeSchema>;

/** The server's reading of a user UUID from its own tables: the one place a string becomes a UserId. */
export const asUserId = (id: string) => id as UserId;
/** The server's reading of an account code from its own tables. */
export const asUserCode = (code: string) => code as UserCode;

/**
 * A registered person's id (注册人员): the UUID of the market's registration record, which
 * certificates, practice areas and the administrators' person view hang from. Never a user's UUID:
 * the enterprise keeping the person is `enterpriseUserId`, a UserId.
 */
export const PersonIdSchema = z.string().brand<'PersonId'>();
export type PersonId = z.infer<typeof PersonIdSchema>;
/** A person id in a request: a UUID, refused with the given message otherwise. */
export const personIdInput = (message: string) => z.uuid(message).brand<'PersonId'>();
/** The server's reading of a registration record's id from its own tables. */
export const asPersonId = (id: string) => id as PersonId;

/**
 * A record's business number (业务编号, e.g. 20250101120000-4821): readable, made when the record is
 * created, shown in titles and lists. Never the record's UUID, which record changes and to-dos carry
 * under the same wire name `businessId`.
 */
export const BusinessIdSchema = z.string().brand<'BusinessId'>();
export type BusinessId = z.infer<typeof BusinessIdSchema>;
/** The server's reading of a record's business number from its own tables. */
export const asBusinessId = (value: string) => value as BusinessId;

/**
 * A node's id: the UUID of its menu node (menu_nodes.id), which authority, the builder and the
 * node's definition are keyed by. Never its gnCoding (功能编码), a record's id or a user's id.
 */
export const NodeIdSchema = z.string().brand<'NodeId'>();
export type NodeId = z.infer<typeof NodeIdSchema>;
/** A node id in a request: a UUID, refused with the given message otherwise. */
export const nodeIdInput = (message: string) => z.uuid(message).brand<'NodeId'>();
/** The server's reading of a menu node's id from its own tables. */
export const asNodeId = (id: string) => id as NodeId;
