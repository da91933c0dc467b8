ensure_packages({'' => {}})
