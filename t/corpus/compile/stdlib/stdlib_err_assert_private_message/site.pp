include priv::msg
