to_json_pretty('x')
