$x = to_json()
