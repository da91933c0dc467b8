to_json_pretty([], 'yes')
