-- 通知配置 (jumpNoticeCfg) is administrators' work: its page and every call it makes admit role M only.
-- Databases seeded before offered the item to developers too, and the seed never rewrites roles.
DELETE FROM "header_item_roles"
WHERE "login_role_type" = 'D'
  AND "item_id" IN (SELECT "id" FROM "header_items" WHERE "code" = 'jumpNoticeCfg');
