to_json_pretty()
