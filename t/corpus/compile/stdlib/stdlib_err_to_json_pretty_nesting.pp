to_json_pretty([[[1]]], false, {max_nesting => 2})
