notice(yaml_data({}, 1))
