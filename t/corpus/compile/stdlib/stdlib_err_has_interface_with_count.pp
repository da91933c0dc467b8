has_interface_with()
