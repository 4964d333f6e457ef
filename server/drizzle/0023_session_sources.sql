-- What a session is made of (platform/session.ts, loadSessionByHash) tells the app instances when it changes:
-- every instance forgets its cached sessions when it hears 'session' on the session change channel (at the
-- commit), and the write's own transaction sees the flag `strazce.session_changed` (its audit entry returns
-- it, so the instance that wrote forgets them before its answer leaves). Writes of anything else no longer
-- empty the caches. The channel's name is SESSION_CHANGE_CHANNEL (platform/sessionCache.ts).
CREATE FUNCTION session_source_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('strazce.session_changed', 'on', true);
  PERFORM pg_notify('strazce_session_change', 'session');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER access_user_session_source AFTER UPDATE OF valid, user_name, force_tfa, tfa, must_change_password OR DELETE ON access_user FOR EACH STATEMENT EXECUTE FUNCTION session_source_changed();
--> statement-breakpoint
CREATE TRIGGER access_session_session_source AFTER UPDATE OF user_id, site_id, client_id, token_hash, created OR DELETE ON access_session FOR EACH STATEMENT EXECUTE FUNCTION session_source_changed();
--> statement-breakpoint
CREATE TRIGGER access_group_session_source AFTER INSERT OR UPDATE OR DELETE ON access_group FOR EACH STATEMENT EXECUTE FUNCTION session_source_changed();
--> statement-breakpoint
CREATE TRIGGER access_user_role_session_source AFTER INSERT OR UPDATE OR DELETE ON access_user_role FOR EACH STATEMENT EXECUTE FUNCTION session_source_changed();
--> statement-breakpoint
CREATE TRIGGER access_group_role_session_source AFTER INSERT OR UPDATE OR DELETE ON access_group_role FOR EACH STATEMENT EXECUTE FUNCTION session_source_changed();
--> statement-breakpoint
CREATE TRIGGER access_user_group_session_source AFTER INSERT OR UPDATE OR DELETE ON access_user_group FOR EACH STATEMENT EXECUTE FUNCTION session_source_changed();
--> statement-breakpoint
CREATE TRIGGER access_user_site_session_source AFTER INSERT OR UPDATE OR DELETE ON access_user_site FOR EACH STATEMENT EXECUTE FUNCTION session_source_changed();
--> statement-breakpoint
CREATE TRIGGER system_site_session_source AFTER UPDATE OR DELETE ON system_site FOR EACH STATEMENT EXECUTE FUNCTION session_source_changed();
--> statement-breakpoint
CREATE TRIGGER system_site_module_session_source AFTER INSERT OR UPDATE OR DELETE ON system_site_module FOR EACH STATEMENT EXECUTE FUNCTION session_source_changed();
--> statement-breakpoint
CREATE TRIGGER system_site_property_session_source AFTER INSERT OR UPDATE OR DELETE ON system_site_property FOR EACH STATEMENT EXECUTE FUNCTION session_source_changed();
--> statement-breakpoint
CREATE TRIGGER system_property_session_source AFTER INSERT OR UPDATE OR DELETE ON system_property FOR EACH STATEMENT EXECUTE FUNCTION session_source_changed();
--> statement-breakpoint
CREATE TRIGGER system_client_session_source AFTER UPDATE OR DELETE ON system_client FOR EACH STATEMENT EXECUTE FUNCTION session_source_changed();
