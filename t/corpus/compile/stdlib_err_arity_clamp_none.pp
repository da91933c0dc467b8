notice(clamp())
