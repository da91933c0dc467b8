notice(json_data('x'))
