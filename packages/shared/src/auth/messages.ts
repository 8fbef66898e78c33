// Visible texts of spec sections 5 and 8, quoted exactly.
export const MESSAGES = {
  name: 'Please enter your name properly',
  email: 'Please enter your email properly',
  password:
    'Password should contain special character, digits and alphabets, length must be 8 to 12 only.',
  signupFailedTitle: 'Oops...',
  signupDuplicate: 'An account with this user already exists. Please log in instead.',
  signupSuccess: 'Account created successfully!',
  loginFailed: 'Please ensure your email and password are entered correctly.',
  deleteUserFailed: 'Fail to Delete User Profile',
  reviewFailed: 'Error in posting review',
  ratingFailed: 'Error in posting rating',
  required: 'This field is required',
} as const;

export const ALERT_MS = { short: 1500, long: 3000 } as const;
