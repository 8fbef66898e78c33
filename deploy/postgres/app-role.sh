#!/bin/sh
# The shop's own PostgreSQL role: owner of its database and of everything in it, and nothing
# more (no superuser, no CREATEDB, no CREATEROLE). Compose's one-shot `db-init` runs this as the
# `postgres` superuser on every `docker compose up`, before `migrate`:
#   - a new install gets the role and hands it the database POSTGRES_DB made;
#   - an install from before the role existed (its tables made by `postgres`) has every table,
#     view, sequence, function and type in `public` handed to it, so migrations and the app keep
#     working as that role;
#   - a changed APP_DB_PASSWORD in .env reaches the role on the next `up`.
# Safe to run again: each step checks or overwrites. docs/operations.md: "Running in production".
#
# Environment: the PG* variables of the superuser connection (PGHOST, PGUSER, PGPASSWORD),
# APP_DB_PASSWORD (required), APP_DB_USER and APP_DB_NAME (both `kanak` unless set).
set -eu
: "${APP_DB_PASSWORD:?set APP_DB_PASSWORD in .env (letters and digits: openssl rand -hex 24)}"
export APP_DB_PASSWORD
export APP_DB_USER="${APP_DB_USER:-kanak}"
export APP_DB_NAME="${APP_DB_NAME:-kanak}"

# The password is read from the environment by psql itself (\getenv), never on a command line.
psql -X -q -v ON_ERROR_STOP=1 --dbname postgres <<'SQL'
\getenv app_user APP_DB_USER
\getenv app_db APP_DB_NAME
\getenv app_password APP_DB_PASSWORD
SELECT format('CREATE ROLE %I', :'app_user')
  WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'app_user') \gexec
ALTER ROLE :"app_user" WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS
  PASSWORD :'app_password';
SELECT format('CREATE DATABASE %I OWNER %I', :'app_db', :'app_user')
  WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = :'app_db') \gexec
ALTER DATABASE :"app_db" OWNER TO :"app_user";
-- Only the owner (and superusers) may connect to the shop's database.
REVOKE ALL ON DATABASE :"app_db" FROM PUBLIC;

\connect :"app_db"
-- PostgreSQL 15 and later already keep other roles from creating in `public`; older ones do not.
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
SET kanak.app_user TO :'app_user';
DO $$
DECLARE
  app oid := (SELECT oid FROM pg_roles WHERE rolname = current_setting('kanak.app_user'));
  app_name text := current_setting('kanak.app_user');
  item record;
BEGIN
  -- Since PostgreSQL 15 `public` belongs to pg_database_owner (so to the role above); a database
  -- made before that has it owned by `postgres`.
  IF (SELECT nspowner FROM pg_namespace WHERE nspname = 'public')
     NOT IN (app, 'pg_database_owner'::regrole) THEN
    EXECUTE format('ALTER SCHEMA public OWNER TO %I', app_name);
  END IF;
  -- Tables, views and free-standing sequences made by another role (an earlier install's
  -- `postgres`). Indexes, triggers and the sequences of serial or identity columns follow
  -- their table; objects of extensions (pg_trgm, pgcrypto) stay with the extension.
  FOR item IN
    SELECT c.oid::regclass AS name, c.relkind
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'S') AND c.relowner <> app
       AND NOT EXISTS (SELECT FROM pg_depend d
                        WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid
                          AND d.deptype IN ('e', 'a', 'i'))
  LOOP
    EXECUTE format('ALTER %s %s OWNER TO %I',
      CASE item.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW'
                        WHEN 'S' THEN 'SEQUENCE' ELSE 'TABLE' END,
      item.name, app_name);
  END LOOP;
  -- Functions and procedures the migrations made (trigger functions).
  FOR item IN
    SELECT p.oid::regprocedure AS name
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = 'public' AND p.proowner <> app
       AND NOT EXISTS (SELECT FROM pg_depend d
                        WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('ALTER ROUTINE %s OWNER TO %I', item.name, app_name);
  END LOOP;
  -- Enums, domains and composite types of their own (a table's row type follows the table).
  FOR item IN
    SELECT t.oid::regtype AS name, t.typtype
      FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
     WHERE n.nspname = 'public' AND t.typowner <> app AND t.typtype IN ('e', 'd', 'c', 'r')
       AND (t.typtype <> 'c' OR (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c')
       AND NOT EXISTS (SELECT FROM pg_depend d
                        WHERE d.classid = 'pg_type'::regclass AND d.objid = t.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('ALTER %s %s OWNER TO %I',
      CASE item.typtype WHEN 'd' THEN 'DOMAIN' ELSE 'TYPE' END, item.name, app_name);
  END LOOP;
END
$$;
SQL
echo "db-init: role ${APP_DB_USER} owns database ${APP_DB_NAME} (no superuser, no CREATEDB, no CREATEROLE)"
