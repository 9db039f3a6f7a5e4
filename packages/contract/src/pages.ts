import type { LoginRoleType } from './session.ts';

/**
 * Who may open a web page, and the call that proves it. A page is offered to a role exactly when
 * the server answers the page's calls for it: the web's router gates each page below by `roles`
 * (the others get the denial before the page mounts and calls), and a server test calls `call` as
 * every role — each listed role must get past the access rule, each other one must get 403 — so
 * the web and the server's access rules cannot drift apart.
 */
export interface PageAccess {
  /** The roles the page is for. */
  roles: readonly LoginRoleType[];
  /** The page's main data call, `METHOD /ks/...` exactly as the server declares the route. */
  call: string;
}

const ADMINS = ['M'] as const;
const DEVELOPERS = ['D'] as const;
/** Administrators and developers keep the catalogues, the permissions and reviewer organisations. */
const KEEPERS = ['M', 'D'] as const;
/** Administrators and enterprise accounts: an enterprise's own information, credit and cost files. */
const ADMINS_AND_ENTERPRISES = ['M', 'U'] as const;

/**
 * The pages only some roles may open, by path. A page not listed here is open to every signed-in
 * role (it shows each role what that role may see).
 */
export const PAGE_ACCESS = {
  '/credit/analysis': { roles: ADMINS, call: 'GET /ks/credit/grade-overview' },
  '/credit/creditPublicList': { roles: ['M', 'U', 'P'], call: 'GET /ks/credit/public-list' },
  '/credit/companyInfo': { roles: ADMINS_AND_ENTERPRISES, call: 'GET /ks/credit/record' },
  '/credit/commitmentbook': { roles: ADMINS_AND_ENTERPRISES, call: 'GET /ks/credit/letter' },
  '/credit/commitmentbookDetail': { roles: ADMINS_AND_ENTERPRISES, call: 'GET /ks/credit/letter' },
  '/system/companyInfo': { roles: ADMINS_AND_ENTERPRISES, call: 'GET /ks/basic/enterprise/info' },
  '/system/personnelInfo': { roles: ADMINS_AND_ENTERPRISES, call: 'GET /ks/basic/personnel' },
  '/system/adminInfo': { roles: ADMINS, call: 'GET /ks/basic/enterprises' },
  '/system/managementInfo': { roles: ADMINS, call: 'GET /ks/basic/personnel/manage' },
  '/system/allSystem': { roles: DEVELOPERS, call: 'GET /ks/config/new/node/system-list' },
  '/system/menuSetUp': { roles: DEVELOPERS, call: 'GET /ks/config/new/node/node-list' },
  '/system/displayGroups': { roles: DEVELOPERS, call: 'GET /ks/config/structure/display-groups' },
  '/system/setUpList': { roles: DEVELOPERS, call: 'GET /ks/config/new/node/previews' },
  '/system/setTypeCard': { roles: DEVELOPERS, call: 'GET /ks/config/new/node/previews' },
  '/system/echartsSetting': { roles: DEVELOPERS, call: 'GET /ks/config/new/node/previews' },
  '/system/auditLevel': { roles: DEVELOPERS, call: 'GET /ks/config/new/node/previews' },
  // Developers configure the audit levels; administrators keep the reviewer organisations there.
  '/system/auditWay': { roles: KEEPERS, call: 'GET /ks/authority/audit/audit-orgs' },
  '/system/permissionsSet': { roles: KEEPERS, call: 'GET /ks/authority/v1/node/functions' },
  '/system/permissConfig': { roles: KEEPERS, call: 'GET /ks/authority/v1/node/functions' },
  // Card styles are applied in node configuration, which belongs to developers.
  '/system/styleTemplate': { roles: DEVELOPERS, call: 'GET /ks/config/style-templates' },
  '/system/dictionaries': { roles: KEEPERS, call: 'GET /ks/base/dictionary/config/dics' },
  '/system/valueRanges': { roles: KEEPERS, call: 'GET /ks/node/field/value-ranges' },
  '/system/jumpNoticeCfg': { roles: ADMINS, call: 'POST /ks/message/v1/publish/list' },
  '/system/platformSettings': { roles: ADMINS, call: 'GET /ks/admin/sms/outbox' },
  '/system/helpConfig': { roles: ADMINS, call: 'GET /ks/help/v1/admin/groups' },
  '/system/feedback': { roles: ADMINS, call: 'GET /ks/feedback/admin/list' },
  '/system/jobs': { roles: ADMINS, call: 'GET /ks/admin/jobs' },
  // Every role reads the calendar (the rules of time need it); only administrators change it.
  '/system/workCalendar': { roles: ADMINS, call: 'POST /ks/calendar/v1/days' },
  '/fileAnalysis/index': { roles: ADMINS_AND_ENTERPRISES, call: 'GET /ks/analyse/cost-projects' },
  '/fiveInOne/list': { roles: ADMINS_AND_ENTERPRISES, call: 'GET /ks/trade/records' },
  '/fiveInOne/detail': { roles: ADMINS_AND_ENTERPRISES, call: 'GET /ks/trade/records/:id' },
  // Venues (decision 0075): enterprises and the centre book; the centre approves and locks.
  '/meetingVenue/meeting': { roles: ADMINS_AND_ENTERPRISES, call: 'GET /ks/venue/v1/bookings' },
  '/lock': { roles: ADMINS, call: 'GET /ks/venue/v1/locks' },
  // Bidders sign up and download there; the centre sees the same list (decision 0077).
  '/trade/onSale': { roles: ADMINS_AND_ENTERPRISES, call: 'POST /ks/trade/file/on-sale' },
  // Clarifications and objections (decision 0078): the centre and enterprise accounts.
  '/clarify/file': { roles: ADMINS_AND_ENTERPRISES, call: 'POST /ks/clarify/file/list' },
  '/clarify/audit': { roles: ADMINS, call: 'POST /ks/clarify/file/queue' },
  '/clarify/received': { roles: ['U'], call: 'POST /ks/clarify/file/received' },
  '/clarify/objection': { roles: ADMINS_AND_ENTERPRISES, call: 'POST /ks/clarify/objection/list' },
} as const satisfies Record<string, PageAccess>;

/** The roles a page is for, or undefined when every signed-in role may open it. */
export function pageRoles(path: string): readonly LoginRoleType[] | undefined {
  return (PAGE_ACCESS as Record<string, PageAccess>)[path]?.roles;
}
