get_module_path()
