load_module_metadata('nometa')
