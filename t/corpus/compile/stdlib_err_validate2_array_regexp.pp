validate_array(/x/)
